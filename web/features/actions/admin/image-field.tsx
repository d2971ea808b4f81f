import { useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { errorText } from "../../../lib/error-text";
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
        description: errorText(err),
        variant: "destructive",
      });
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="grid gap-3">
      <FormField
        label="Image URL"
        // The hint gives way to the error rather than standing beside it.
        hint={error ? undefined : "PNG, JPEG, WebP, GIF or AVIF, up to 5 MB."}
        error={error}
        className="gap-3"
      >
        {(control) => (
          <div className="flex flex-wrap gap-2">
            <Input
              {...control}
              inputMode="url"
              className="min-w-0 flex-1"
              placeholder="https://… or upload an image"
              value={value}
              onChange={(e) => onChange(e.target.value)}
            />
            <Button
              variant="outline"
              onClick={() => fileInput.current?.click()}
              disabled={uploading}
              aria-busy={uploading}
            >
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
        )}
      </FormField>
      {url ? <Preview key={url} url={url} /> : null}
    </div>
  );
}
