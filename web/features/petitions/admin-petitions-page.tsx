import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Petition, PetitionInput } from "#contract/petitions/schemas";
import { AdminListPage, useListDialogs } from "../../components/admin-list-page";
import { toast } from "../../components/ui/use-toast";
import { useOrderedListCache } from "../../lib/ordered-list-cache";
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
  const dialogs = useListDialogs<Petition>();
  const { editing } = dialogs;
  const order = useOrderedListCache<Petition | PetitionInput>(petitionKeys.admin(), SAVE_KEY);

  const save = useMutation({
    // Every save sends the whole list, so saves run one after another in the order they were made;
    // with quick "Move up" presses, the last list pressed is the one that stays.
    mutationKey: SAVE_KEY,
    scope: { id: "petitions-save" },
    mutationFn: ({ next }: { kind: SaveKind; next: (Petition | PetitionInput)[] }) => savePetitionList(next),
    // Reordering shows the new order at once; other saves wait for the server's list.
    onMutate: ({ kind, next }) => (kind === "reorder" ? order.show(next) : undefined),
    onSuccess: (saved, { kind }) => {
      order.settle(saved);
      // Public blocks show the new list on their next read.
      void queryClient.invalidateQueries({ queryKey: petitionKeys.all, predicate: (q) => q.queryKey[1] === "public" });
      toast(SUCCESS[kind]);
      if (kind === "add" || kind === "edit") dialogs.setFormOpen(false);
      if (kind === "delete") dialogs.setDeleting(null);
    },
    onError: (_error, { kind }, context) => {
      order.restore(context);
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
    <AdminListPage
      title="Petitions"
      lead="Verified petitions appear in the 'Quick Wins to Protect Nature' blocks, in this order. Drag to reorder, or use the arrow buttons."
      addLabel="Add Petition"
      noun="petitions"
      empty="No petitions yet. Add your first petition to get started."
      list={list}
      dialogs={dialogs}
      form={
        <PetitionFormDialog
          open={dialogs.formOpen}
          onOpenChange={dialogs.setFormOpen}
          petition={editing}
          saving={save.isPending}
          onSubmit={submitForm}
        />
      }
      deleteQuestion={{
        title: "Delete petition?",
        description: (title) => `“${title}” will be removed from the list and from the site. This cannot be undone.`,
        busy: save.isPending,
        onConfirm: (petition) => save.mutate({ kind: "delete", next: petitions.filter((p) => p.id !== petition.id) }),
      }}
    >
      {(items) => (
        <SortablePetitionList
          petitions={items}
          onReorder={(next) => save.mutate({ kind: "reorder", next })}
          onEdit={dialogs.edit}
          onDelete={dialogs.setDeleting}
        />
      )}
    </AdminListPage>
  );
}
