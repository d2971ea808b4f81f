import { useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { uploadImage } from "./admin-api";

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = "image/png,image/jpeg,image/webp,image/gif,image/avif";

function Preview({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        Image failed to load. Please check the URL.
      </p>
    );
  }
  return (
    <img
      src={url}
      alt="Preview of the chosen artwork"
      className="aspect-[3/2] w-full max-w-sm rounded-xl border border-border object-cover"
      onError={() => setFailed(true)}
    />
  );
}

interface ImageFieldProps {
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/** Image by URL (with a live preview) or uploaded to our media storage. */
export function ImageField({ value, onChange, error }: ImageFieldProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const url = value.trim();

  async function onFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_BYTES) {
      toast({ title: "Image too large", description: "Image must be 5 MB or smaller", variant: "destructive" });
      return;
    }
    setUploading(true);
    try {
      const result = await uploadImage(file);
      onChange(result.url);
      toast({ title: "Image uploaded", description: "Save the action to keep it." });
    } catch (err) {
      toast({
        title: "Upload failed",
        description: err instanceof Error ? err.message : "Please try again.",
        variant: "destructive",
      });
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="grid gap-3">
      <Label htmlFor={id}>Image URL</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          inputMode="url"
          className="min-w-0 flex-1"
          placeholder="https://… or upload an image"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => onChange(e.target.value)}
        />
        <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={uploading} aria-busy={uploading}>
          {uploading ? "Uploading…" : "Upload Image"}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFile}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          PNG, JPEG, WebP, GIF or AVIF, up to 5 MB.
        </p>
      )}
      {url ? <Preview key={url} url={url} /> : null}
    </div>
  );
}
