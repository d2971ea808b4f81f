import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router-dom";
import type { PetitionTopic } from "#contract/petitions/schemas";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { routePath } from "../../pages";
import { publicPetitionsQuery } from "./api";
import { PetitionCard } from "./petition-card";

/** Where 'Suggest a petition' mails go; set VITE_PETITIONS_EMAIL at build time. */
const SUGGEST_EMAIL = import.meta.env.VITE_PETITIONS_EMAIL || "petitions@earthkind.org";
const suggestHref = (subject: string) => `mailto:${SUGGEST_EMAIL}?subject=${encodeURIComponent(subject)}`;

export interface QuickWinsPetitionsProps {
  /** utm_campaign of the petition links: petitions_home on home, petitions_action on an action page. */
  campaign: string;
  /** At most this many petitions (the spec's default is 3). */
  limit?: number;
  /** Petitions on this topic come first. */
  topic?: PetitionTopic;
  /** Anchor id of the section. */
  id?: string;
  className?: string;
}

/**
 * The 'Quick Wins to Protect Nature' block: verified petitions as cards. A spinner while loading,
 * the spec's message when there are none, and nothing at all when the request fails (spec §4, §8).
 */
export function QuickWinsPetitions({ campaign, limit = 3, topic, id, className }: QuickWinsPetitionsProps) {
  const headingId = useId();
  const query = useQuery(publicPetitionsQuery({ campaign, topic, limit }));
  const { t } = useT();
  if (query.isError) return null;

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn("flex flex-col gap-8", className)}
      data-testid="petitions-block"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-3xl font-semibold text-forest-900 sm:text-4xl">
            {t("petitions.block.title")}
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-muted-foreground">{t("petitions.block.lead")}</p>
        </div>
        <a
          href={suggestHref(t("petitions.block.suggestSubject"))}
          className="self-start rounded font-semibold text-forest-700 underline underline-offset-4 hover:text-forest-900 sm:self-auto"
        >
          {t("petitions.block.suggest")}
        </a>
      </div>

      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t("petitions.block.loading")} />
        </div>
      ) : query.data.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-dashed border-border bg-sand-100/60 p-6 text-muted-foreground">
          <Trans
            id="petitions.block.empty"
            components={{
              0: (
                <Link
                  to={routePath("actions")}
                  className="font-semibold text-forest-700 underline underline-offset-4"
                />
              ),
            }}
          />
        </p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {query.data.map((petition) => (
            <li key={petition.id} className="flex">
              <PetitionCard petition={petition} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
