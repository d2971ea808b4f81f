import { DndContext, type DragEndEvent, PointerSensor, rectIntersection, useSensor, useSensors } from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "../lib/cn";

type Item = { id: string };

/** Two small buttons that move a row one place; at either end the button stays focusable but inert. */
function MoveButtons({
  title,
  isFirst,
  isLast,
  onMove,
}: {
  title: string;
  isFirst: boolean;
  isLast: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const button = (by: -1 | 1, inert: boolean, label: string, path: string) => (
    <button
      type="button"
      // aria-disabled rather than disabled: focus stays on the button when the row reaches an end.
      aria-disabled={inert || undefined}
      onClick={() => !inert && onMove(by)}
      aria-label={`${label} ${title}`}
      className="inline-flex size-8 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
    >
      <svg className="size-4" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d={path} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
  return (
    <div className="flex shrink-0 gap-1 self-start sm:flex-col sm:self-center">
      {button(-1, isFirst, "Move up", "M5 12l5-5 5 5")}
      {button(1, isLast, "Move down", "M5 8l5 5 5-5")}
    </div>
  );
}

function SortableRow({
  id,
  testId,
  handle,
  children,
}: {
  id: string;
  testId: string;
  handle: ReactNode;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={testId}
      className={cn(
        "flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center",
        isDragging && "relative z-10 shadow-lg ring-2 ring-forest-300",
      )}
    >
      <div className="flex shrink-0 items-center gap-1 self-start sm:self-center">
        {/* The drag handle is for pointers only; keyboards and screen readers use the move buttons. */}
        <span
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          tabIndex={-1}
          aria-hidden="true"
          data-testid="drag-handle"
          className="inline-flex size-10 cursor-grab touch-none items-center justify-center rounded-lg text-muted-foreground hover:bg-muted active:cursor-grabbing"
        >
          <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <circle cx="7" cy="5" r="1.5" />
            <circle cx="13" cy="5" r="1.5" />
            <circle cx="7" cy="10" r="1.5" />
            <circle cx="13" cy="10" r="1.5" />
            <circle cx="7" cy="15" r="1.5" />
            <circle cx="13" cy="15" r="1.5" />
          </svg>
        </span>
        {handle}
      </div>
      {children}
    </li>
  );
}

/**
 * An ordered list reordered by dragging a row's handle (pointer) or with each row's "Move up" and
 * "Move down" buttons (keyboard, screen readers, and anyone who finds dragging hard). The buttons
 * replace dnd-kit's keyboard sensor, which could land a row a place off when a press had to scroll
 * the page (decision 152). Used by the petitions and tips admin screens.
 */
export function SortableList<T extends Item>({
  items,
  label,
  testId,
  titleOf,
  onReorder,
  renderRow,
}: {
  items: T[];
  /** The list's accessible name. */
  label: string;
  testId: string;
  titleOf: (item: T) => string;
  onReorder: (next: T[]) => void;
  /** The row's content after its drag handle and move buttons. */
  renderRow: (item: T) => ReactNode;
}) {
  const ids = items.map((i) => i.id);
  // A few pixels of movement before a drag starts, so a click on the handle is not a drag.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [announcement, setAnnouncement] = useState("");
  const title = (id: string | number) => {
    const item = items.find((i) => i.id === id);
    return item ? titleOf(item) : "";
  };
  const position = (id: string | number) => items.findIndex((i) => i.id === id) + 1;

  // The move is announced once the list shows it: the new order reaches `items` a moment after the
  // press (through the query cache), and until then the buttons still act on the old order. An
  // announcement made at the press could invite a next press that repeats the last move.
  const moved = useRef<{ id: string; from: number } | null>(null);
  useEffect(() => {
    const at = items.findIndex((i) => i.id === moved.current?.id);
    const item = items[at];
    if (!item || at === moved.current?.from) return;
    moved.current = null;
    setAnnouncement(`${titleOf(item)} moved to position ${at + 1} of ${items.length}.`);
  }, [items, titleOf]);

  const move = (from: number, to: number) => {
    const item = items[from];
    if (!item || to < 0 || to >= items.length || from === to) return;
    moved.current = { id: item.id, from };
    onReorder(arrayMove(items, from, to));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    // A drop outside the list, or back where it started, changes nothing (spec §4).
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((i) => i.id === active.id),
      items.findIndex((i) => i.id === over.id),
    );
  };

  // Only a row the dragged row overlaps is a target, so a drop outside the list changes nothing (spec §4).
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rectIntersection}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${title(active.id)}, position ${position(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${title(active.id)} moved to position ${position(over.id)}.` : "Not over the list.",
          onDragEnd: ({ active, over }) =>
            over
              ? `Dropped ${title(active.id)} at position ${position(over.id)}.`
              : `Dropped ${title(active.id)}; order unchanged.`,
          onDragCancel: ({ active }) => `Cancelled. ${title(active.id)} stays where it was.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="grid gap-3" aria-label={label}>
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              id={item.id}
              testId={testId}
              handle={
                <MoveButtons
                  title={titleOf(item)}
                  isFirst={index === 0}
                  isLast={index === items.length - 1}
                  onMove={(by) => move(index, index + by)}
                />
              }
            >
              {renderRow(item)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
      <p className="sr-only" aria-live="polite" data-testid="reorder-status">
        {announcement}
      </p>
    </DndContext>
  );
}
