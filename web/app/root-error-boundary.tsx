import { RouteErrorPage } from "./route-error-page";

/** Last resort when the layout itself fails: the error page without header and footer, still in a landmark. */
export function RootErrorBoundary() {
  return (
    <main id="main">
      <RouteErrorPage />
    </main>
  );
}
