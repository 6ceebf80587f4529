import { useCallback, useState } from "react";
import { makeToast, type Toast, type ToastType } from "./toast";

/** The newest this many toasts are kept: a burst of failures must not pile up without end. */
const KEEP = 20;

/**
 * Toasts a page raises in the browser (a validation message, an export's result), to
 * hand to <Toaster> beside the ones the server sent. `clear` drops them, e.g. when a
 * new server answer arrives.
 */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const push = useCallback((type: ToastType, title: string) => setToasts((prev) => [...prev, makeToast(type, title)].slice(-KEEP)), []);
  const clear = useCallback(() => setToasts([]), []);
  return { toasts, push, clear };
}
