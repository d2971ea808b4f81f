import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";
import { PageHeader } from "./page-header";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

type Titled = { id: string; title: string };

/** Which item the add/edit form and the delete question are about. */
export function useListDialogs<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    editing,
    formOpen,
    setFormOpen,
    deleting,
    setDeleting,
    add: () => {
      setEditing(null);
      setFormOpen(true);
    },
    edit: (item: T) => {
      setEditing(item);
      setFormOpen(true);
    },
  };
}

/**
 * The frame of an admin screen that manages one ordered list (petitions, tips): header with the add
 * button, the list's loading, failure and empty states, the add/edit form and the delete question.
 */
export function AdminListPage<T extends Titled>({
  title,
  lead,
  addLabel,
  noun,
  empty,
  list,
  dialogs,
  form,
  deleteQuestion,
  children,
}: {
  title: string;
  lead: string;
  addLabel: string;
  /** The items in the plural, for "Loading tips…" and "Failed to load tips: …". */
  noun: string;
  empty: string;
  list: UseQueryResult<T[]>;
  dialogs: ReturnType<typeof useListDialogs<T>>;
  /** The add/edit dialog. */
  form: ReactNode;
  deleteQuestion: {
    title: string;
    description: (title: string) => string;
    busy: boolean;
    onConfirm: (item: T) => void;
  };
  /** The list itself, once there is at least one item. */
  children: (items: T[]) => ReactNode;
}) {
  const { deleting, setDeleting } = dialogs;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader eyebrow="Admin" title={title} lead={lead} />
        <Button onClick={dialogs.add} disabled={!list.isSuccess}>
          {addLabel}
        </Button>
      </div>

      <div className="mt-10">
        {list.isPending ? (
          <Spinner label={`Loading ${noun}…`} />
        ) : list.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-4 rounded-2xl bg-clay-50 p-4 text-clay-700">
            <p>
              Failed to load {noun}: {list.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border bg-card p-8 text-center text-muted-foreground">
            {empty}
          </p>
        ) : (
          children(list.data)
        )}
      </div>

      {form}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleteQuestion.title}
        description={deleteQuestion.description(deleting?.title ?? "")}
        confirmLabel="Delete"
        destructive
        busy={deleteQuestion.busy}
        onConfirm={() => deleting && deleteQuestion.onConfirm(deleting)}
      />
    </div>
  );
}
