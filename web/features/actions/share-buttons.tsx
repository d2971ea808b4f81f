import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { useT } from "../../lib/i18n";

/** Copy link, share on X, share on Facebook (spec §2). */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useT();
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t("actions.share.copied"), description: t("actions.share.copiedBody") });
    } catch (err) {
      // Spec §8: a failed copy is only logged.
      console.error("copy link failed", err);
    }
  }

  const xUrl = `https://twitter.com/intent/tweet?${new URLSearchParams({ text: title, url })}`;
  const facebookUrl = `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;

  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="outline" size="sm" onClick={copyLink}>
        {t("actions.share.copy")}
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={xUrl} target="_blank" rel="noopener noreferrer">
          {t("actions.share.x")}
          <span className="sr-only">{` ${t("chrome.newTab")}`}</span>
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={facebookUrl} target="_blank" rel="noopener noreferrer">
          {t("actions.share.facebook")}
          <span className="sr-only">{` ${t("chrome.newTab")}`}</span>
        </a>
      </Button>
    </div>
  );
}
