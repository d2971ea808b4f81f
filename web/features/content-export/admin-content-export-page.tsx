import { format } from "date-fns";
import { useId, useState } from "react";
import type { Locale } from "#contract/i18n/locales";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import { usePageTitle } from "../../lib/use-page-title";
import { fetchWeeklyContent } from "./api";

/** /admin/content-export — this week's action as text for social posts. */
export function AdminContentExportPage() {
  usePageTitle("Content Export");
  const [content, setContent] = useState("");
  const [loading, setLoading] = useState(false);
  // Each language has its own post (decision 272); `shown` is the language the text came back in.
  const [lang, setLang] = useState<Locale>("en");
  const [shown, setShown] = useState<Locale | null>(null);
  const textId = useId();
  const langId = useId();

  async function load() {
    setLoading(true);
    try {
      const result = await fetchWeeklyContent(lang);
      setContent(result.content);
      setShown(result.language);
      toast({ title: "Content loaded", description: "This week's action is ready to copy." });
    } catch (err) {
      toast({
        title: "Failed to fetch weekly content",
        description: errorText(err, undefined),
        variant: "destructive",
      });
    } finally {
      setLoading(false);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(content);
      toast({ title: "Copied!", description: "Content copied to clipboard" });
    } catch {
      toast({ title: "Failed to copy to clipboard", variant: "destructive" });
    }
  }

  function download() {
    const blob = new Blob([content], { type: "text/plain;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `weekly-content-${shown ?? lang}-${format(new Date(), "yyyy-MM-dd")}.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Admin</p>
      <h1 className="mt-2 text-4xl font-semibold text-forest-900">Content Export</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        This week's action as plain text, ready to paste into a social post.
      </p>
      <div className="mt-8 grid max-w-xs gap-2">
        <Label htmlFor={langId}>Language</Label>
        <Select id={langId} value={lang} onChange={(e) => setLang(e.target.value === "es" ? "es" : "en")}>
          <option value="en">English</option>
          <option value="es">Spanish</option>
        </Select>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={load} disabled={loading} aria-busy={loading}>
          {loading ? "Loading…" : "Load Current Content"}
        </Button>
        <Button variant="outline" onClick={copy} disabled={!content}>
          Copy to Clipboard
        </Button>
        <Button variant="outline" onClick={download} disabled={!content}>
          Download as Text
        </Button>
      </div>
      <div className="mt-8 grid gap-2">
        <Label htmlFor={textId}>Weekly content</Label>
        {lang === "es" && shown === "en" && content ? (
          <p role="status" className="text-sm font-medium text-clay-700">
            Spanish missing: this week's action has no complete Spanish text yet, so this is the English post.
          </p>
        ) : null}
        <Textarea
          id={textId}
          readOnly
          rows={18}
          value={content}
          placeholder="Load the current content to see it here."
          lang={shown ?? undefined}
          className="font-mono text-sm"
        />
      </div>
    </div>
  );
}
