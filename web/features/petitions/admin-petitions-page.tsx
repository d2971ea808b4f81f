import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Petition, PetitionInput } from "../../../worker/features/petitions/schemas";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { usePageTitle } from "../../lib/use-page-title";
import { adminPetitionsQuery, petitionKeys, savePetitionList } from "./api";
import { PetitionFormDialog } from "./petition-form-dialog";
import { SortablePetitionList } from "./sortable-petition-list";

type SaveKind = "add" | "edit" | "delete" | "reorder";

/** The spec's toasts (§8) for each kind of save. */
const SUCCESS: Record<SaveKind, { title: string; description?: string }> = {
  add: { title: "Petition added", description: "Changes saved successfully." },
  edit: { title: "Petition updated", description: "Changes saved successfully." },
  delete: { title: "Petition deleted" },
  reorder: { title: "Order updated" },
};
const FAILURE: Record<SaveKind, string> = {
  add: "Failed to save petition. Please try again.",
  edit: "Failed to save petition. Please try again.",
  delete: "Failed to delete petition. Please try again.",
  reorder: "Failed to update order. Please try again.",
};

const SAVE_KEY = ["petitions", "save"];

/** /admin/settings/petitions: every change saves the whole ordered list. */
export function AdminPetitionsPage() {
  usePageTitle("Petitions");
  const queryClient = useQueryClient();
  const list = useQuery(adminPetitionsQuery());
  const [editing, setEditing] = useState<Petition | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Petition | null>(null);

  const save = useMutation({
    // Every save sends the whole list, so saves run one after another in the order they were made;
    // with quick "Move up" presses, the last list pressed is the one that stays.
    mutationKey: SAVE_KEY,
    scope: { id: "petitions-save" },
    mutationFn: ({ next }: { kind: SaveKind; next: (Petition | PetitionInput)[] }) => savePetitionList(next),
    onMutate: async ({ kind, next }) => {
      if (kind !== "reorder") return undefined;
      // Reordering shows the new order at once; a failed save puts the old one back.
      await queryClient.cancelQueries({ queryKey: petitionKeys.admin() });
      const previous = queryClient.getQueryData<Petition[]>(petitionKeys.admin());
      queryClient.setQueryData(petitionKeys.admin(), next as Petition[]);
      return { previous };
    },
    onSuccess: (saved, { kind }) => {
      // A save still queued behind this one already shows its newer list.
      if (queryClient.isMutating({ mutationKey: SAVE_KEY }) <= 1) queryClient.setQueryData(petitionKeys.admin(), saved);
      // Public blocks show the new list on their next read.
      void queryClient.invalidateQueries({ queryKey: petitionKeys.all, predicate: (q) => q.queryKey[1] === "public" });
      toast(SUCCESS[kind]);
      if (kind === "add" || kind === "edit") setFormOpen(false);
      if (kind === "delete") setDeleting(null);
    },
    onError: (_error, { kind }, context) => {
      if (context?.previous) queryClient.setQueryData(petitionKeys.admin(), context.previous);
      toast({ title: "Error", description: FAILURE[kind], variant: "destructive" });
    },
  });

  const petitions = list.data ?? [];

  const submitForm = (values: PetitionInput) => {
    if (editing) {
      save.mutate({ kind: "edit", next: petitions.map((p) => (p.id === editing.id ? { ...values, id: p.id } : p)) });
    } else {
      save.mutate({ kind: "add", next: [...petitions, values] });
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          eyebrow="Admin"
          title="Petitions"
          lead="Verified petitions appear in the 'Quick Wins to Protect Nature' blocks, in this order. Drag to reorder, or use the arrow buttons."
        />
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
          disabled={!list.isSuccess}
        >
          Add Petition
        </Button>
      </div>

      <div className="mt-10">
        {list.isPending ? (
          <Spinner label="Loading petitions…" />
        ) : list.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-4 rounded-2xl bg-clay-50 p-4 text-clay-700">
            <p>Failed to load petitions: {list.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : petitions.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border bg-card p-8 text-center text-muted-foreground">
            No petitions yet. Add your first petition to get started.
          </p>
        ) : (
          <SortablePetitionList
            petitions={petitions}
            onReorder={(next) => save.mutate({ kind: "reorder", next })}
            onEdit={(petition) => {
              setEditing(petition);
              setFormOpen(true);
            }}
            onDelete={setDeleting}
          />
        )}
      </div>

      <PetitionFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        petition={editing}
        saving={save.isPending}
        onSubmit={submitForm}
      />

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent hideClose>
          <DialogHeader>
            <DialogTitle>Delete petition?</DialogTitle>
            <DialogDescription>
              “{deleting?.title}” will be removed from the list and from the site. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={save.isPending}
              onClick={() =>
                deleting && save.mutate({ kind: "delete", next: petitions.filter((p) => p.id !== deleting.id) })
              }
            >
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
