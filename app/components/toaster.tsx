/** Toasts: one at a time (a new one replaces the last), 5 s, swipe right, F8, top on small screens. */
import * as Toast from "@radix-ui/react-toast";
import { Cross2Icon } from "@radix-ui/react-icons";
import { Card, Flex, IconButton, Text } from "@radix-ui/themes";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

type ToastFn = (toast: ToastInput) => void;
const ToastContext = createContext<ToastFn | null>(null);

let nextId = 1;

export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const toast = useCallback<ToastFn>((input) => setCurrent({ ...input, id: nextId++, open: true }), []);
  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
        {children}
        {current ? (
          <Toast.Root
            key={current.id}
            open={current.open}
            onOpenChange={(open) => setCurrent((t) => (t && t.id === current.id ? { ...t, open } : t))}
            className="vb-toast"
            data-variant={current.variant ?? "default"}
          >
            <Card
              style={
                current.variant === "destructive"
                  ? { background: "var(--red-9)", color: "white" }
                  : { background: "var(--color-panel-solid)" }
              }
            >
              <Flex gap="3" align="start" justify="between">
                <Flex direction="column" gap="1">
                  <Toast.Title asChild>
                    <Text weight="bold" size="2">
                      {current.title}
                    </Text>
                  </Toast.Title>
                  {current.description ? (
                    <Toast.Description asChild>
                      <Text size="2">{current.description}</Text>
                    </Toast.Description>
                  ) : null}
                </Flex>
                <Toast.Close asChild>
                  <IconButton
                    size="1"
                    variant="ghost"
                    aria-label="Close"
                    style={current.variant === "destructive" ? { color: "white" } : undefined}
                  >
                    <Cross2Icon />
                  </IconButton>
                </Toast.Close>
              </Flex>
            </Card>
          </Toast.Root>
        ) : null}
        {/* An [aria-live] element stays exposed while a modal dialog hides the rest of the page, so
            toasts raised from dialogs are still read; "off" because Radix announces them itself. */}
        <Toast.Viewport className="vb-toast-viewport" hotkey={["F8"]} aria-live="off" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** Using toasts outside the Toaster is a programming error. */
export function useToast(): ToastFn {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error("useToast must be used within a Toaster");
  return toast;
}
