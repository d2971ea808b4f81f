import type { PetitionTopic } from "#contract/petitions/schemas";
import { cn } from "../../lib/cn";
import { TOPIC_LABELS, TOPIC_STYLES } from "./petition-display";

/**
 * The topic in its own colour. Not the Badge primitive: its variants carry colours, and without
 * tailwind-merge a caller's colour cannot reliably override them.
 */
export function TopicBadge({ topic, className }: { topic: PetitionTopic; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        TOPIC_STYLES[topic].badge,
        className,
      )}
    >
      {TOPIC_LABELS[topic]}
    </span>
  );
}
