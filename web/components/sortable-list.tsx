import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";
import { cn } from "../lib/cn";

/**
 * With a pointer, only a row the dragged row overlaps is a target, so dropping outside the list has
 * no target and changes nothing (spec §4). The keyboard moves row by row, where the nearest row is right.
 */
const collisionDetection: CollisionDetection = (args) =>
  args.pointerCoordinates ? rectIntersection(args) : closestCenter(args);

type Item = { id: string };

/**
 * Up and Down move the lifted row exactly one place, by list order: its centre goes to the centre of
 * the neighbouring row, which closestCenter then picks. dnd-kit's geometric sortableKeyboardCoordinates
 * picks "the nearest row above" by corners, which with rows of different heights (and the page
 * scrolling to follow) skipped several places per press, back and forth.
 */
function rowByRowCoordinates(ids: readonly string[]): KeyboardCoordinateGetter {
  return (event, { currentCoordinates, context: { active, over, collisionRect, droppableRects } }) => {
    if (event.code !== "ArrowUp" && event.code !== "ArrowDown") return undefined;
    event.preventDefault();
    if (!active || !collisionRect) return undefined;
    const from = ids.indexOf(String(over?.id ?? active.id));
    const target = droppableRects.get(ids[from + (event.code === "ArrowUp" ? -1 : 1)] ?? "");
    if (from < 0 || !target) return currentCoordinates;
    const centre = (r: { top: number; height: number }) => r.top + r.height / 2;
    return { x: currentCoordinates.x, y: currentCoordinates.y + centre(target) - centre(collisionRect) };
  };
}

function SortableRow({
  id,
  title,
  position,
  testId,
  children,
}: {
  id: string;
  title: string;
  position: number;
  testId: string;
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
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${title} (position ${position})`}
        className="inline-flex size-10 shrink-0 cursor-grab touch-none items-center justify-center self-start rounded-lg text-muted-foreground hover:bg-muted active:cursor-grabbing sm:self-center"
      >
        <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <circle cx="7" cy="5" r="1.5" />
          <circle cx="13" cy="5" r="1.5" />
          <circle cx="7" cy="10" r="1.5" />
          <circle cx="13" cy="10" r="1.5" />
          <circle cx="7" cy="15" r="1.5" />
          <circle cx="13" cy="15" r="1.5" />
        </svg>
      </button>
      {children}
    </li>
  );
}

/**
 * An ordered list reorderable by dragging a row's handle or with the keyboard (focus the handle,
 * Space to lift, arrows to move, Space to drop, Escape to cancel), with screen-reader announcements
 * that name the row. Used by the petitions and tips admin screens.
 */
export function SortableList<T extends Item>({
  items,
  noun,
  label,
  testId,
  titleOf,
  onReorder,
  renderRow,
}: {
  items: T[];
  /** What a row is, for the instructions ("petition", "tip"). */
  noun: string;
  /** The list's accessible name. */
  label: string;
  testId: string;
  titleOf: (item: T) => string;
  onReorder: (next: T[]) => void;
  /** The row's content after its drag handle. */
  renderRow: (item: T) => ReactNode;
}) {
  const ids = items.map((i) => i.id);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // Instant scrolling: with the default smooth scroll the rows are still moving when the next
    // arrow press is measured, and the lifted row lands a place off.
    useSensor(KeyboardSensor, { coordinateGetter: rowByRowCoordinates(ids), scrollBehavior: "auto" }),
  );

  const title = (id: string | number) => {
    const item = items.find((i) => i.id === id);
    return item ? titleOf(item) : noun;
  };
  const position = (id: string | number) => items.findIndex((i) => i.id === id) + 1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    // A drop outside the list, or back where it started, changes nothing (spec §4).
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: `To reorder, press Space or Enter to lift the ${noun}, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.`,
        },
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
            <SortableRow key={item.id} id={item.id} title={titleOf(item)} position={index + 1} testId={testId}>
              {renderRow(item)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
