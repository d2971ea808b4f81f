import { lazy, Suspense, useEffect, useState } from "react";
import { showCarriedToast, useToasts } from "../components/ui/use-toast";

const Toaster = lazy(() => import("../components/ui/toast").then((m) => ({ default: m.Toaster })));

/**
 * Radix Toast's code (~6 KB gzip) loads with the first toast rather than with every page: most
 * visits never show one. `toast()` only touches the store, which holds the toast until this mounts.
 */
export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  const [wanted, setWanted] = useState(false);
  // A toast the previous page carried over (a sign-in that went on to My Progress) shows here.
  useEffect(showCarriedToast, []);
  useEffect(() => {
    if (hasToasts) setWanted(true);
  }, [hasToasts]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
