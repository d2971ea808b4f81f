import type { ReactNode } from "react";
import { usePageTitle } from "../lib/use-page-title";
import { PageHeader } from "./page-header";
import { Card, CardContent } from "./ui/card";

interface PlaceholderPageProps {
  title: string;
  eyebrow?: string;
  lead: string;
  children?: ReactNode;
}

/**
 * Stand-in for a page whose feature has not been built yet: the right h1 and title so routing,
 * navigation and accessibility checks work end to end. Each feature's issue replaces its use.
 */
export function PlaceholderPage({ title, eyebrow, lead, children }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <PageHeader title={title} eyebrow={eyebrow} lead={lead} />
      {children ?? (
        <Card className="mt-12 border-dashed bg-sand-100/60 shadow-none">
          <CardContent className="flex items-center gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-600">
              <svg className="size-6" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                <path d="M11.2 21v-7.3C6.4 13.6 3.8 10.8 4 6c4.6 0 7.4 2.6 7.7 6.6.6-4.4 3.4-7 8.3-7 .1 5.4-2.8 8.2-7.3 8.4V21Z" />
              </svg>
            </span>
            <p className="text-muted-foreground">This page is growing. Check back soon.</p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
