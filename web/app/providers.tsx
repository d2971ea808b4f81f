import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider } from "../lib/auth/auth-provider";
import { LazyToaster } from "./lazy-toaster";

/** The query client is passed in: one for the browser's lifetime, one per request on the Worker. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <LazyToaster />
    </QueryClientProvider>
  );
}
