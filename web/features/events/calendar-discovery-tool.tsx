import { type FormEvent, useId, useState } from "react";
import { parseWebUrl } from "#contract/platform/field-rules";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";

/** Where calendar exports usually live; {address} is the site's host and path. */
export const ICS_PATTERNS = [
  "{address}/events/?ical=1",
  "{address}/events/list/?ical=1",
  "{address}/?post_type=tribe_events&ical=1&eventDisplay=list",
  "{address}/calendar.ics",
  "{address}/events.ics",
  "{address}/calendar/ical",
] as const;

/** The site's address without scheme or trailing slash: "www.example.org/chapter". */
export function siteAddress(url: URL): string {
  return `${url.host}${url.pathname}`.replace(/\/+$/, "");
}

/** Each pattern filled in, with {address} turned into an https:// URL to open and test. */
export function suggestIcsUrls(input: string): { pattern: string; url: string }[] | null {
  const url = parseWebUrl(input.trim());
  if (!url) return null;
  const address = siteAddress(url);
  return ICS_PATTERNS.map((pattern) => ({ pattern, url: pattern.replace("{address}", `https://${address}`) }));
}

/**
 * Admin helper (spec §2): suggests the six usual ICS feed URLs of a group's website, to test by
 * hand before adding a source. Everything happens in the browser; nothing is sent to the server.
 */
export function CalendarDiscoveryTool() {
  const id = useId();
  const [input, setInput] = useState("");
  const [suggestions, setSuggestions] = useState<{ pattern: string; url: string }[] | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = suggestIcsUrls(input);
    if (!found) {
      setSuggestions(null);
      toast({ title: "Invalid URL", description: "Please enter a valid website URL", variant: "destructive" });
      return;
    }
    setSuggestions(found);
  };

  const copy = (url: string) => {
    navigator.clipboard?.writeText(url).then(
      () => toast({ title: "Copied!", description: "Link copied to clipboard" }),
      (err) => console.error("copy failed", err),
    );
  };

  return (
    <Card className="p-6 sm:p-8">
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-2xl font-semibold text-forest-900">
          Calendar Discovery
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Enter a conservation group's website to see where its calendar feed (ICS) usually is. Open each link to test
          it; a working feed downloads or shows text starting with BEGIN:VCALENDAR.
        </p>
        <form onSubmit={submit} noValidate className="mt-5 flex flex-wrap items-end gap-3">
          <div className="grid min-w-64 flex-1 gap-1.5">
            <Label htmlFor={`${id}-url`}>Website URL</Label>
            <Input
              id={`${id}-url`}
              type="url"
              placeholder="https://www.example.org"
              value={input}
              onChange={(e) => setInput(e.target.value)}
            />
          </div>
          <Button type="submit">Suggest feed URLs</Button>
        </form>
        {suggestions ? (
          <ol className="mt-6 grid gap-3" aria-label="Suggested ICS URLs">
            {suggestions.map((s) => (
              <li key={s.pattern} className="flex flex-wrap items-center gap-3 rounded-xl border border-border p-3">
                <code className="min-w-0 flex-1 text-sm break-all">{s.url}</code>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses({ size: "sm", variant: "outline" })}
                >
                  Test<span className="sr-only"> {s.url} (opens in a new tab)</span>
                </a>
                <Button size="sm" variant="ghost" onClick={() => copy(s.url)}>
                  Copy<span className="sr-only"> {s.url}</span>
                </Button>
              </li>
            ))}
          </ol>
        ) : null}
      </section>
    </Card>
  );
}
