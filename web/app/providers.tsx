import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider } from "../lib/auth/auth-provider";
import { queryClient } from "../lib/query-client";
import { LazyToaster } from "./lazy-toaster";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <LazyToaster />
    </QueryClientProvider>
  );
}
