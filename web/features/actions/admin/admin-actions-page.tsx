import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { AdminActionListItem } from "#contract/actions/schemas";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { type Column, DataTable } from "../../../components/ui/data-table";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { errorText } from "../../../lib/error-text";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { usePageTitle } from "../../../lib/use-page-title";
import { adminActionKeys, adminActionsQuery, deleteAction, duplicateAction, runQuickSetup } from "./admin-api";
import { adminDate } from "./admin-date";
import { ConfirmDialog } from "./confirm-dialog";
import { TestSendDialog } from "./test-send-dialog";

const SEARCH_DEBOUNCE_MS = 300;

type QuickSetupResult = Awaited<ReturnType<typeof runQuickSetup>>;

/** "Created 1 draft action, starting Jun 8, 2031. Skipped the week of Jun 15, 2031: “Count the swifts” already runs then." */
export function quickSetupNote({ actions, skipped_weeks }: QuickSetupResult): string {
  const created =
    actions.length > 0
      ? `Created ${actions.length} draft action${actions.length === 1 ? "" : "s"}, starting ${adminDate(actions[0]?.start_date)}.`
      : "No drafts were created.";
  const skipped = skipped_weeks.map(
    (w) => `the week of ${adminDate(w.start_date)}: “${w.action_title}” already runs then`,
  );
  return skipped.length > 0 ? `${created} Skipped ${skipped.join("; ")}.` : created;
}

/** /admin/actions — search, table, create/edit/preview/duplicate/delete, Quick Setup and test send. */
export function AdminActionsPage() {
  usePageTitle("Manage Weekly Actions");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useQuery(adminActionsQuery(term));
  const [toDelete, setToDelete] = useState<AdminActionListItem | null>(null);
  const [quickSetupOpen, setQuickSetupOpen] = useState(false);
  const [testSendOpen, setTestSendOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // What the last Quick Setup did, kept on the page (a toast goes away): which weeks it left alone and why.
  const [quickSetupResult, setQuickSetupResult] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminActionKeys.all });

  async function confirmDelete() {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteAction(toDelete.id);
      toast({ title: "Action deleted", description: `“${toDelete.title}” was deleted.` });
      setToDelete(null);
      await refresh();
    } catch (err) {
      toast({ title: "Failed to delete action", description: errorText(err), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  async function duplicate(action: AdminActionListItem) {
    try {
      const { action: copy } = await duplicateAction(action.id);
      toast({ title: "Action duplicated", description: "Give the copy its dates, then save it." });
      await refresh();
      navigate(`/admin/actions/${copy.id}/edit`);
    } catch (err) {
      toast({ title: "Failed to duplicate action", description: errorText(err), variant: "destructive" });
    }
  }

  async function confirmQuickSetup() {
    setBusy(true);
    try {
      const result = await runQuickSetup();
      const note = quickSetupNote(result);
      setQuickSetupResult(note);
      toast({ title: result.actions.length > 0 ? "Quick Setup complete" : "Already set up", description: note });
      setQuickSetupOpen(false);
      await refresh();
    } catch (err) {
      toast({ title: "Quick Setup failed", description: errorText(err), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<AdminActionListItem>[] = [
    {
      header: "Title",
      rowHeader: true,
      cell: (a) => (
        <>
          <span className="block text-forest-900">{a.title}</span>
          <span className="block text-xs font-normal text-muted-foreground">{a.slug}</span>
        </>
      ),
    },
    { header: "Start Date", cell: (a) => adminDate(a.start_date), nowrap: true },
    { header: "End Date", cell: (a) => adminDate(a.end_date), nowrap: true },
    {
      header: "Status",
      cell: (a) => (
        <span className="flex flex-wrap gap-1.5">
          <Badge variant={a.status === "published" ? "success" : "outline"}>
            {a.status === "published" ? "Published" : "Draft"}
          </Badge>
          {/* Which actions a Spanish reader would still get in English (decision 272). */}
          {a.spanish === "complete" ? null : (
            <Badge variant="warning">{a.spanish === "missing" ? "Spanish missing" : "Spanish incomplete"}</Badge>
          )}
        </span>
      ),
    },
    { header: "Updated", cell: (a) => adminDate(a.updated_at), nowrap: true },
    {
      header: "Actions",
      hideHeader: true,
      cell: (a) => (
        <div className="flex justify-end gap-1">
          <Button asChild size="sm" variant="ghost">
            <Link to={`/admin/actions/${a.id}/edit`} aria-label={`Edit ${a.title}`}>
              Edit
            </Link>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <a
              href={`/actions/preview/${a.id}`}
              target="_blank"
              rel="noopener"
              aria-label={`Preview ${a.title} (opens in a new tab)`}
            >
              Preview
            </a>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => duplicate(a)} aria-label={`Duplicate ${a.title}`}>
            Duplicate
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            onClick={() => setToDelete(a)}
            aria-label={`Delete ${a.title}`}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Admin</p>
          <h1 className="mt-2 text-4xl font-semibold text-forest-900">Weekly Actions</h1>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => setTestSendOpen(true)}>
            Test Send
          </Button>
          <Button variant="secondary" onClick={() => setQuickSetupOpen(true)}>
            Quick Setup
          </Button>
          <Button asChild>
            <Link to="/admin/actions/new">Create New Action</Link>
          </Button>
        </div>
      </div>

      {quickSetupResult ? (
        <p role="status" className="mt-6 max-w-3xl rounded-xl bg-sun-300/40 p-4 text-sm text-ink">
          {quickSetupResult}
        </p>
      ) : null}

      <FormField label="Search actions" className="mt-8 max-w-md">
        <Input type="search" placeholder="Title or slug" value={search} onChange={(e) => setSearch(e.target.value)} />
      </FormField>

      <div className="mt-6">
        {list.isPending ? (
          <Spinner label="Loading actions…" />
        ) : list.isError ? (
          <p role="alert" className="font-medium text-destructive">
            Failed to load actions
          </p>
        ) : (
          <DataTable
            caption="Weekly actions, newest start date first"
            columns={columns}
            rows={list.data}
            minWidth="min-w-[48rem]"
            empty={term ? "No actions match your search." : "No actions yet. Create one or use Quick Setup."}
          />
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete action"
        description="Are you sure you want to delete this action?"
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={quickSetupOpen}
        onOpenChange={setQuickSetupOpen}
        title="Quick Setup"
        description="Create 3 draft actions for the next 3 weeks, each starting on a Sunday? You can edit them before publishing. A week that already has an action is skipped."
        confirmLabel="Create Drafts"
        busy={busy}
        onConfirm={confirmQuickSetup}
      />
      <TestSendDialog open={testSendOpen} onOpenChange={setTestSendOpen} />
    </div>
  );
}
