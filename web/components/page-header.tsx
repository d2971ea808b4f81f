import type { ReactNode } from "react";
import { cn } from "../lib/cn";

interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** The standard top of an inner page: small eyebrow, h1, lead paragraph. */
export function PageHeader({ title, eyebrow, lead, className, children }: PageHeaderProps) {
  return (
    <div className={cn("max-w-3xl", className)}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">{eyebrow}</p> : null}
      <h1 className="mt-3 text-4xl leading-tight font-semibold text-forest-900 sm:text-5xl">{title}</h1>
      {lead ? <p className="mt-5 text-lg leading-relaxed text-muted-foreground sm:text-xl">{lead}</p> : null}
      {children}
    </div>
  );
}
