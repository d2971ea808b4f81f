import { Spinner } from "../components/ui/spinner";
import { useT } from "../lib/i18n";

/** Shown inside the layout while the first page's lazily loaded code arrives. */
export function PageFallback() {
  const { t } = useT();
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner label={t("chrome.loadingPage")} />
    </div>
  );
}
