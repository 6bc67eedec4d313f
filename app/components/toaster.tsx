/**
 * Toasts: one at a time (a new one replaces the last), 5 s, swipe right, F8, top on small screens.
 * The state is here; the UI (Radix Toast, toast-view.tsx) is a chunk of its own fetched once the
 * page has hydrated, so it is not part of the first load: a toast raised before it has arrived
 * (a flashed one, on hydration) shows when it does. Before hydration there are no toasts: a flashed
 * one is a status line then (root.tsx).
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from "react";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

export interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

type ToastFn = (toast: ToastInput) => void;
const ToastContext = createContext<ToastFn | null>(null);

const ToastView = lazy(() => import("./toast-view.tsx").then((m) => ({ default: m.ToastView })));

let nextId = 1;

export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const toast = useCallback<ToastFn>((input) => setCurrent({ ...input, id: nextId++, open: true }), []);
  const onOpenChange = useCallback(
    (id: number, open: boolean) => setCurrent((t) => (t && t.id === id ? { ...t, open } : t)),
    [],
  );
  return (
    <ToastContext.Provider value={toast}>
      {children}
      {/* A modal dialog hides the page from screen readers but leaves the [aria-live] elements there
          when it opens exposed: this one is there from the start, so toasts raised from a dialog
          opened before the view arrived are still read. */}
      <div aria-live="off" style={{ display: "contents" }}>
        {hydrated ? (
          <Suspense fallback={null}>
            <ToastView current={current} onOpenChange={onOpenChange} />
          </Suspense>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

/** Using toasts outside the Toaster is a programming error. */
export function useToast(): ToastFn {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error("useToast must be used within a Toaster");
  return toast;
}
