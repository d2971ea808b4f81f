import { type ReactNode, useSyncExternalStore } from "react";
import { CARRIED_TOAST_KEY } from "./carried-toast-key";

/**
 * A tiny module-level toast store, so `toast()` works from anywhere (mutation callbacks, plain
 * functions) without a context. The spec (§4, §9) allows one visible toast: a new toast replaces
 * the current one, and a dismissed toast is dropped after TOAST_REMOVE_DELAY.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast stays open when the caller gives no duration. */
export const TOAST_DEFAULT_DURATION = 5_000;

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

function clearRemoval(id: string): void {
  const timer = removalTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  removalTimers.delete(id);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  setToasts(
    toasts.map((t) => {
      if (id !== undefined && t.id !== id) return t;
      scheduleRemoval(t.id);
      return { ...t, open: false };
    }),
  );
}

export function toast(options: ToastOptions): {
  id: string;
  dismiss: () => void;
  update: (next: Partial<ToastOptions>) => void;
} {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  const kept = [{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  for (const t of toasts) if (!kept.includes(t)) clearRemoval(t.id);
  setToasts(kept);
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => setToasts(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

/**
 * The open toast, kept for the next page when a link loads one (an island's navigation, decision 205): "Welcome
 * back!" still shows on My Progress after signing in. Only text toasts travel; it shows once.
 */
export function carryToastOver(): void {
  const open = toasts.find((t) => t.open);
  if (!open || typeof open.title !== "string") return;
  if (open.description !== undefined && typeof open.description !== "string") return;
  const { title, description, variant, duration } = open;
  try {
    window.sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify({ title, description, variant, duration }));
  } catch {
    // Storage can be disabled (private mode); the toast is then only lost with the page.
  }
}

/** Shows the toast the previous page carried over, if any (the toaster calls it once it is mounted). */
export function showCarriedToast(): void {
  let carried: string | null = null;
  try {
    carried = window.sessionStorage.getItem(CARRIED_TOAST_KEY);
    window.sessionStorage.removeItem(CARRIED_TOAST_KEY);
  } catch {
    return;
  }
  if (carried) toast(JSON.parse(carried) as ToastOptions);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Hook form for components that prefer it; `toast` itself needs no hook. */
export function useToast() {
  return { toasts: useToasts(), toast, dismiss: dismissToast };
}
