import type { PetitionTopic } from "#contract/petitions/schemas";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { TOPIC_STYLES } from "./petition-display";

/** Each topic's name in the page's language (the admin's form lists the English TOPIC_LABELS). */
const TOPIC_NAMES: Record<PetitionTopic, (t: ReturnType<typeof useT>["t"]) => string> = {
  wildlife: (t) => t("petitions.topic.wildlife"),
  forests: (t) => t("petitions.topic.forests"),
  oceans: (t) => t("petitions.topic.oceans"),
  climate: (t) => t("petitions.topic.climate"),
  pollution: (t) => t("petitions.topic.pollution"),
  lands: (t) => t("petitions.topic.lands"),
  water: (t) => t("petitions.topic.water"),
  other: (t) => t("petitions.topic.other"),
};

/**
 * The topic in its own colour. Not the Badge primitive: its variants carry colours, and without
 * tailwind-merge a caller's colour cannot reliably override them.
 */
export function TopicBadge({ topic, className }: { topic: PetitionTopic; className?: string }) {
  const { t } = useT();
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        TOPIC_STYLES[topic].badge,
        className,
      )}
    >
      {TOPIC_NAMES[topic](t)}
    </span>
  );
}
