// The toast store, after shadcn/ui's use-toast: one module-level list that any code can add
// to with toast({...}), shown by <Toaster />. docs/product/screens.md#toasts: only TOAST_LIMIT (1) toast at a
// time; a dismissed toast stays in the list (closed) for TOAST_REMOVE_DELAY_MS before it is
// dropped. How long one stays on screen is the provider's (toast.tsx).
import { useSyncExternalStore, type ReactElement } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../../../domain/constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** An optional <ToastAction altText="…"> element. */
  action?: ReactElement;
}

export interface ToasterToast extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToasterToast[] = [];
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setToasts(next: ToasterToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    setToasts(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removeTimers.set(id, timer);
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string) {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast. Returns its id and functions to update or dismiss it. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => setToasts(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

/** The current toasts, for <Toaster />; also hands out toast() and dismiss(). */
export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
