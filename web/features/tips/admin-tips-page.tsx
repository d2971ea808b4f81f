import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Tip, TipInput } from "../../../worker/features/tips/schemas";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { SortableList } from "../../components/sortable-list";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import { usePageTitle } from "../../lib/use-page-title";
import { adminTipsQuery, createTip, deleteTip, reorderTips, tipKeys, updateTip } from "./api";
import { TipFormDialog, topicLabel } from "./tip-form-dialog";

const REORDER_KEY = ["tips", "reorder"];

/** /admin/settings/tips: the sustainable-living tips, their order and which are in rotation. */
export function AdminTipsPage() {
  usePageTitle("Tips");
  const queryClient = useQueryClient();
  const list = useQuery(adminTipsQuery());
  const [editing, setEditing] = useState<Tip | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Tip | null>(null);
  const tips = list.data ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: tipKeys.all });

  const save = useMutation({
    mutationFn: (values: TipInput) => (editing ? updateTip(editing.id, values) : createTip(values)),
    onSuccess: async () => {
      toast({ title: editing ? "Tip updated" : "Tip added", description: "Changes saved successfully." });
      setFormOpen(false);
      await refresh();
    },
    onError: (err) => toast({ title: "Error", description: errorText(err), variant: "destructive" }),
  });

  const toggle = useMutation({
    mutationFn: (tip: Tip) =>
      updateTip(tip.id, {
        title: tip.title,
        body: tip.body,
        url: tip.url,
        topic: tip.topic as TipInput["topic"],
        active: !tip.active,
      }),
    onSuccess: async (tip) => {
      toast({ title: tip.active ? "Tip activated" : "Tip deactivated" });
      await refresh();
    },
    onError: (err) => toast({ title: "Error", description: errorText(err), variant: "destructive" }),
  });

  const remove = useMutation({
    mutationFn: (tip: Tip) => deleteTip(tip.id),
    onSuccess: async () => {
      toast({ title: "Tip deleted" });
      setDeleting(null);
      await refresh();
    },
    onError: (err) => toast({ title: "Error", description: errorText(err), variant: "destructive" }),
  });

  const reorder = useMutation({
    // Saves run in the order they were made, so quick "Move up" presses end on the last order pressed.
    mutationKey: REORDER_KEY,
    scope: { id: "tips-reorder" },
    mutationFn: (next: Tip[]) => reorderTips(next.map((t) => t.id)),
    onMutate: async (next) => {
      // The new order shows at once; a failed save puts the old one back.
      await queryClient.cancelQueries({ queryKey: tipKeys.admin() });
      const previous = queryClient.getQueryData<Tip[]>(tipKeys.admin());
      queryClient.setQueryData(tipKeys.admin(), next);
      return { previous };
    },
    onSuccess: (saved) => {
      // A save still queued behind this one already shows its newer order.
      if (queryClient.isMutating({ mutationKey: REORDER_KEY }) <= 1) queryClient.setQueryData(tipKeys.admin(), saved);
      toast({ title: "Order updated" });
    },
    onError: (_err, _next, context) => {
      if (context?.previous) queryClient.setQueryData(tipKeys.admin(), context.previous);
      toast({ title: "Error", description: "Failed to update order. Please try again.", variant: "destructive" });
    },
  });

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          eyebrow="Admin"
          title="Sustainable Living Tips"
          lead="Each weekly email carries the next active tip: every active tip goes out once before any repeats, in this order. Drag to reorder, or use the arrow buttons."
        />
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
          disabled={!list.isSuccess}
        >
          Add Tip
        </Button>
      </div>

      <div className="mt-10">
        {list.isPending ? (
          <Spinner label="Loading tips…" />
        ) : list.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-4 rounded-2xl bg-clay-50 p-4 text-clay-700">
            <p>Failed to load tips: {list.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : tips.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border bg-card p-8 text-center text-muted-foreground">
            No tips yet. Add your first tip to get started.
          </p>
        ) : (
          <SortableList
            items={tips}
            label="Tips in rotation order"
            testId="admin-tip"
            titleOf={(t) => t.title}
            onReorder={(next) => reorder.mutate(next)}
            renderRow={(tip) => (
              <>
                <div className="min-w-0 flex-1">
                  <h2 className="font-sans text-base font-semibold text-forest-900">{tip.title}</h2>
                  <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{tip.body}</p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Badge variant="outline">{topicLabel(tip.topic)}</Badge>
                    {tip.active ? <Badge variant="success">Active</Badge> : <Badge variant="warning">Inactive</Badge>}
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => toggle.mutate(tip)} disabled={toggle.isPending}>
                    {tip.active ? "Deactivate" : "Activate"}
                    <span className="sr-only"> {tip.title}</span>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      setEditing(tip);
                      setFormOpen(true);
                    }}
                  >
                    Edit<span className="sr-only"> {tip.title}</span>
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(tip)}>
                    Delete<span className="sr-only"> {tip.title}</span>
                  </Button>
                </div>
              </>
            )}
          />
        )}
      </div>

      <TipFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        tip={editing}
        saving={save.isPending}
        onSubmit={(values) => save.mutate(values)}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete tip?"
        description={`“${deleting?.title ?? ""}” will be removed from the rotation. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
