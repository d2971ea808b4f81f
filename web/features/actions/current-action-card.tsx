import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { contentLang } from "../../lib/content-lang";
import { useT } from "../../lib/i18n";
import { actionPath, ctaLabel, displayMaterials, fallbackAction, impactText } from "./action-display";
import { ClockIcon, PeopleIcon, StarIcon } from "./action-icons";
import { ActionImage } from "./action-image";
import { currentActionQuery, useRefreshActionImpact } from "./api";

/** The id of the page's email signup section; the card's third button scrolls there. */
export const SIGNUP_ANCHOR = "signup";

function scrollToSignup(event: React.MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(SIGNUP_ANCHOR);
  if (!target) return; // No signup on this page: let the plain anchor do nothing harmful.
  event.preventDefault();
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  // Move keyboard focus along with the view.
  const field = target.querySelector<HTMLElement>("input, button, [tabindex]");
  (field ?? target).focus({ preventScroll: true });
}

/**
 * Home's This-Week's-Action card (spec §2): the current action, or the spec's fallback content when
 * there is none or the request fails. Rating and participants are fixed marketing copy.
 */
/** The completions feature's control, composed in by web/app; `onRecorded` refreshes the impact counts. */
export type CompletionSlot = (actionId: string, onRecorded?: () => void) => ReactNode;

/** `firstScreen`: the card is at the top of its page, so its picture loads at once (see ActionImage). */
export function CurrentActionCard({
  completion,
  firstScreen = false,
}: {
  completion?: CompletionSlot;
  firstScreen?: boolean;
}) {
  const { t, tag, locale } = useT();
  const query = useQuery({ ...currentActionQuery(locale), staleTime: Number.POSITIVE_INFINITY });
  const refreshImpact = useRefreshActionImpact();
  useEffect(() => {
    if (query.error) console.error("weekly action fetch failed; showing the default action", query.error);
  }, [query.error]);

  if (query.isPending) {
    return (
      <div
        id="weekly-action"
        className="flex min-h-80 items-center justify-center rounded-[var(--radius-card)] border border-border bg-card"
      >
        <Spinner label={t("actions.card.loading")} />
      </div>
    );
  }

  const action = query.data ?? null;
  const fallback = fallbackAction(t);
  const title = action?.title || fallback.title;
  const summary = action ? action.summary : fallback.summary;
  const time = action ? action.time_required : fallback.time_required;
  const materials = action ? displayMaterials(action.materials) : fallback.materials;
  const ctaTo = action?.id && action.slug ? actionPath(action) : "/actions";
  const label = ctaLabel(action?.cta_label, t);
  const impact = impactText(action?.impact, t, tag);
  const lang = contentLang(action?.language, locale);

  return (
    <article
      id="weekly-action"
      aria-labelledby="weekly-action-title"
      className="grid overflow-hidden rounded-[var(--radius-card)] border border-border bg-card shadow-sm md:grid-cols-5"
    >
      <div className="aspect-[3/2] bg-forest-50 md:col-span-2 md:aspect-auto">
        <ActionImage src={action ? action.image_url : fallback.image_url} eager={firstScreen} />
      </div>
      <div className="flex flex-col gap-5 p-6 sm:p-8 md:col-span-3">
        <div>
          <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">{t("actions.card.eyebrow")}</p>
          <h2
            id="weekly-action-title"
            lang={lang}
            className="mt-2 text-2xl leading-snug font-semibold text-forest-900 sm:text-3xl"
          >
            {title}
          </h2>
          {summary ? (
            <p lang={lang} className="mt-3 leading-relaxed text-muted-foreground">
              {summary}
            </p>
          ) : null}
        </div>

        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-forest-800" aria-label={t("actions.card.about")}>
          {time ? (
            <li className="inline-flex items-center gap-1.5">
              <ClockIcon />
              <span lang={lang}>{time}</span>
            </li>
          ) : null}
          <li className="inline-flex items-center gap-1.5">
            <StarIcon className="size-4 text-sun-600" />
            <span>{t("actions.card.rating")}</span>
          </li>
          <li className="inline-flex items-center gap-1.5">
            <PeopleIcon />
            <span>{t("actions.card.participants")}</span>
          </li>
          {impact ? (
            <li className="inline-flex items-center gap-1.5 font-semibold" data-testid="action-impact">
              <PeopleIcon />
              <span>{impact}</span>
            </li>
          ) : null}
        </ul>

        {materials.length > 0 ? (
          <div>
            <h3 className="text-base font-semibold text-forest-900">{t("actions.card.materials")}</h3>
            <ul lang={lang} className="mt-2 grid gap-1.5 text-muted-foreground sm:grid-cols-2">
              {materials.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: materials are plain text and may repeat.
                <li key={i} className="flex gap-2">
                  <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-forest-400" />
                  {m}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="mt-auto flex flex-wrap gap-3 pt-2">
          <Button asChild>
            <Link to={ctaTo}>
              <span lang={lang}>{label}</span>
            </Link>
          </Button>
          {action?.id ? completion?.(action.id, refreshImpact) : null}
          <Button asChild variant="ghost">
            <a href={`#${SIGNUP_ANCHOR}`} onClick={scrollToSignup}>
              {t("actions.card.signUp")}
            </a>
          </Button>
        </div>
      </div>
    </article>
  );
}
