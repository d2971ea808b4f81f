import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";

/** Copy link, share on X, share on Facebook (spec §2). */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Copied!", description: "Link copied to clipboard" });
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
        Copy Link
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={xUrl} target="_blank" rel="noopener noreferrer">
          Share on X<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={facebookUrl} target="_blank" rel="noopener noreferrer">
          Share on Facebook<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    </div>
  );
}
