import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { Petition } from "../../../worker/features/petitions/schemas";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { locationBadge, SCOPE_LABELS } from "./petition-display";
import { TopicBadge } from "./topic-badge";

/**
 * With a pointer, only a row the dragged row overlaps is a target, so dropping outside the list has
 * no target and changes nothing (spec §4). The keyboard moves row by row, where the nearest row is right.
 */
const collisionDetection: CollisionDetection = (args) =>
  args.pointerCoordinates ? rectIntersection(args) : closestCenter(args);

const titleOf = (list: Petition[], id: string | number) => list.find((p) => p.id === id)?.title ?? "petition";

function SortablePetitionRow({
  petition,
  position,
  onEdit,
  onDelete,
}: {
  petition: Petition;
  position: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: petition.id,
  });
  const place = locationBadge(petition) ?? SCOPE_LABELS.national;

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="admin-petition"
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
        aria-label={`Reorder ${petition.title} (position ${position})`}
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
      <div className="min-w-0 flex-1">
        <h2 className="font-sans text-base font-semibold text-forest-900">{petition.title}</h2>
        <p className="text-sm text-muted-foreground">{petition.org_name}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <TopicBadge topic={petition.topic} />
          <Badge variant="outline">{place}</Badge>
          {petition.verified ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Draft</Badge>}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="ghost" size="sm">
          <a href={petition.url} target="_blank" rel="noopener noreferrer">
            Open<span className="sr-only"> {petition.title} (opens in a new tab)</span>
          </a>
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit}>
          Edit<span className="sr-only"> {petition.title}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete}>
          Delete<span className="sr-only"> {petition.title}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * The petitions in display order, reorderable by dragging the handle or with the keyboard (focus
 * the handle, Space to lift, arrows to move, Space to drop, Escape to cancel).
 */
export function SortablePetitionList({
  petitions,
  onReorder,
  onEdit,
  onDelete,
}: {
  petitions: Petition[];
  onReorder: (next: Petition[]) => void;
  onEdit: (petition: Petition) => void;
  onDelete: (petition: Petition) => void;
}) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    // A drop outside the list, or back where it started, changes nothing (spec §4).
    if (!over || active.id === over.id) return;
    const from = petitions.findIndex((p) => p.id === active.id);
    const to = petitions.findIndex((p) => p.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(petitions, from, to));
  };

  const position = (id: string | number) => petitions.findIndex((p) => p.id === id) + 1;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            "To reorder, press Space or Enter to lift the petition, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.",
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${titleOf(petitions, active.id)}, position ${position(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${titleOf(petitions, active.id)} moved to position ${position(over.id)}.` : "Not over the list.",
          onDragEnd: ({ active, over }) =>
            over
              ? `Dropped ${titleOf(petitions, active.id)} at position ${position(over.id)}.`
              : `Dropped ${titleOf(petitions, active.id)}; order unchanged.`,
          onDragCancel: ({ active }) => `Cancelled. ${titleOf(petitions, active.id)} stays where it was.`,
        },
      }}
    >
      <SortableContext items={petitions.map((p) => p.id)} strategy={verticalListSortingStrategy}>
        <ol className="grid gap-3" aria-label="Petitions in display order">
          {petitions.map((petition, index) => (
            <SortablePetitionRow
              key={petition.id}
              petition={petition}
              position={index + 1}
              onEdit={() => onEdit(petition)}
              onDelete={() => onDelete(petition)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
