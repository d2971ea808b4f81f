import { useT } from "../../lib/i18n";
import type { Resource } from "./resources";

const isWebLink = (href: string) => href.startsWith("https://") || href.startsWith("http://");

/** A link that opens outside sites in a new tab (and says so) and leaves tel:/sms: links alone. */
export function ResourceLink({ href, children }: { href: string; children: string }) {
  const { t } = useT();
  const web = isWebLink(href);
  return (
    <a
      href={href}
      {...(web ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className="font-semibold text-forest-700 underline underline-offset-4 hover:text-forest-900"
    >
      {children}
      {web && <span className="sr-only">{` ${t("chrome.newTab")}`}</span>}
    </a>
  );
}

export function ResourceList({ resources }: { resources: Resource[] }) {
  const { t, locale } = useT();
  return (
    <ul className="grid gap-5">
      {resources.map((r) => (
        <li key={`${r.name}-${r.href}`} className="rounded-2xl border border-border bg-card p-5">
          <p lang={r.nameInEnglish && locale !== "en" ? "en" : undefined} className="font-semibold text-forest-900">
            {r.name}
          </p>
          <p className="mt-1 text-muted-foreground">{r.description}</p>
          <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
            <ResourceLink href={r.href}>{r.linkLabel ?? t("support.resources.visit", { name: r.name })}</ResourceLink>
            {r.secondary && <ResourceLink href={r.secondary.href}>{r.secondary.label}</ResourceLink>}
          </p>
        </li>
      ))}
    </ul>
  );
}
