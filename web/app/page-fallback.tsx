import { Spinner } from "../components/ui/spinner";

/** Shown inside the layout while the first page's lazily loaded code arrives. */
export function PageFallback() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner label="Loading page…" />
    </div>
  );
}
