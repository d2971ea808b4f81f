import type { Petition } from "#contract/petitions/schemas";
import { SortableList } from "../../components/sortable-list";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { locationBadge, SCOPE_LABELS } from "./petition-display";
import { TopicBadge } from "./topic-badge";

function PetitionRowContent({
  petition,
  onEdit,
  onDelete,
}: {
  petition: Petition;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const place = locationBadge(petition) ?? SCOPE_LABELS.national;
  return (
    <>
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
    </>
  );
}

/** The petitions in display order, reorderable by drag or keyboard (see SortableList). */
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
  return (
    <SortableList
      items={petitions}
      label="Petitions in display order"
      testId="admin-petition"
      titleOf={(p) => p.title}
      onReorder={onReorder}
      renderRow={(petition) => (
        <PetitionRowContent petition={petition} onEdit={() => onEdit(petition)} onDelete={() => onDelete(petition)} />
      )}
    />
  );
}
