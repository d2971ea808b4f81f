import * as ToastPrimitive from "@radix-ui/react-toast";
import { cn } from "../../lib/cn";
import { CloseIcon } from "./close-icon";
import { dismissToast, TOAST_DEFAULT_DURATION, useToasts } from "./use-toast";

/** Renders the toast store. Mount once, near the root (web/app/providers.tsx). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={TOAST_DEFAULT_DURATION}>
      {toasts.map(({ id, title, description, variant = "default", duration, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          // Errors interrupt the screen reader (assertive); confirmations wait their turn.
          type={variant === "destructive" ? "foreground" : "background"}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-12 shadow-lg",
            "data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-out",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-slide-out-right",
            variant === "destructive"
              ? "on-dark border-clay-700 bg-clay-600 text-white"
              : "border-border bg-card text-card-foreground",
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              "mt-1.5 size-2.5 shrink-0 rounded-full",
              variant === "destructive" ? "bg-white" : "bg-forest-500",
            )}
          />
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold leading-snug">{title}</ToastPrimitive.Title>
            {description ? (
              <ToastPrimitive.Description
                className={cn(
                  "text-sm leading-relaxed",
                  variant === "destructive" ? "text-white/95" : "text-muted-foreground",
                )}
              >
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            className={cn(
              "absolute top-2.5 right-2.5 inline-flex size-9 items-center justify-center rounded-full transition-colors",
              variant === "destructive"
                ? "text-white hover:bg-clay-700"
                : "text-muted-foreground hover:bg-muted hover:text-foreground",
            )}
          >
            <CloseIcon className="size-4" />
            <span className="sr-only">Dismiss notification</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-md sm:p-6" />
    </ToastPrimitive.Provider>
  );
}
