import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { tipHasSpanish } from "#contract/actions/translation";
import type { Tip, TipInput } from "#contract/tips/schemas";
import { AdminListPage, useListDialogs } from "../../components/admin-list-page";
import { SortableList } from "../../components/sortable-list";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import { useOrderedListCache } from "../../lib/ordered-list-cache";
import { usePageTitle } from "../../lib/use-page-title";
import { adminTipsQuery, createTip, deleteTip, reorderTips, tipKeys, updateTip } from "./api";
import { TipFormDialog, topicLabel } from "./tip-form-dialog";

const REORDER_KEY = ["tips", "reorder"];

const failed = (err: unknown) => toast({ title: "Error", description: errorText(err), variant: "destructive" });

/** /admin/settings/tips: the sustainable-living tips, their order and which are in rotation. */
export function AdminTipsPage() {
  usePageTitle("Tips");
  const queryClient = useQueryClient();
  const list = useQuery(adminTipsQuery());
  const dialogs = useListDialogs<Tip>();
  const { editing } = dialogs;
  const order = useOrderedListCache<Tip>(tipKeys.admin(), REORDER_KEY);

  const refresh = () => queryClient.invalidateQueries({ queryKey: tipKeys.all });

  const save = useMutation({
    mutationFn: (values: TipInput) => (editing ? updateTip(editing.id, values) : createTip(values)),
    onSuccess: async () => {
      toast({ title: editing ? "Tip updated" : "Tip added", description: "Changes saved successfully." });
      dialogs.setFormOpen(false);
      await refresh();
    },
    onError: failed,
  });

  const toggle = useMutation({
    mutationFn: (tip: Tip) =>
      updateTip(tip.id, {
        title: tip.title,
        body: tip.body,
        url: tip.url,
        topic: tip.topic as TipInput["topic"],
        active: !tip.active,
        es: tip.es,
      }),
    onSuccess: async (tip) => {
      toast({ title: tip.active ? "Tip activated" : "Tip deactivated" });
      await refresh();
    },
    onError: failed,
  });

  const remove = useMutation({
    mutationFn: (tip: Tip) => deleteTip(tip.id),
    onSuccess: async () => {
      toast({ title: "Tip deleted" });
      dialogs.setDeleting(null);
      await refresh();
    },
    onError: failed,
  });

  const reorder = useMutation({
    // Saves run in the order they were made, so quick "Move up" presses end on the last order pressed.
    mutationKey: REORDER_KEY,
    scope: { id: "tips-reorder" },
    mutationFn: (next: Tip[]) => reorderTips(next.map((t) => t.id)),
    onMutate: order.show,
    onSuccess: (saved) => {
      order.settle(saved);
      toast({ title: "Order updated" });
    },
    onError: (_err, _next, context) => {
      order.restore(context);
      toast({ title: "Error", description: "Failed to update order. Please try again.", variant: "destructive" });
    },
  });

  return (
    <AdminListPage
      title="Sustainable Living Tips"
      lead="Each weekly email carries the next active tip: every active tip goes out once before any repeats, in this order. Drag to reorder, or use the arrow buttons."
      addLabel="Add Tip"
      noun="tips"
      empty="No tips yet. Add your first tip to get started."
      list={list}
      dialogs={dialogs}
      form={
        <TipFormDialog
          open={dialogs.formOpen}
          onOpenChange={dialogs.setFormOpen}
          tip={editing}
          saving={save.isPending}
          onSubmit={(values) => save.mutate(values)}
        />
      }
      deleteQuestion={{
        title: "Delete tip?",
        description: (title) => `“${title}” will be removed from the rotation. This cannot be undone.`,
        busy: remove.isPending,
        onConfirm: (tip) => remove.mutate(tip),
      }}
    >
      {(tips) => (
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
                  {tipHasSpanish(tip.es) ? null : <Badge variant="warning">Spanish missing</Badge>}
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => toggle.mutate(tip)} disabled={toggle.isPending}>
                  {tip.active ? "Deactivate" : "Activate"}
                  <span className="sr-only"> {tip.title}</span>
                </Button>
                <Button variant="outline" size="sm" onClick={() => dialogs.edit(tip)}>
                  Edit<span className="sr-only"> {tip.title}</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => dialogs.setDeleting(tip)}>
                  Delete<span className="sr-only"> {tip.title}</span>
                </Button>
              </div>
            </>
          )}
        />
      )}
    </AdminListPage>
  );
}
