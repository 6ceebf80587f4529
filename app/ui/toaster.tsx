import { useEffect, useState } from "react";
import type { Toast } from "./toast";
import { useHydrated } from "./use-hydrated";

const STYLES: Record<Toast["type"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
};

/**
 * The toast area at the top right. Toasts are rendered on the server (so a form
 * posted without JavaScript still shows one); with JavaScript they dismiss themselves.
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const visible = toasts.filter((t) => !dismissed.has(t.id)).slice(-20);
  const dismiss = (id: string) => setDismissed((prev) => new Set(prev).add(id));
  // Pages may render their own Toaster beside the root's: an empty one must not add a
  // second "Notifications" landmark (axe: landmark-unique). Each toast is its own live region.
  if (visible.length === 0) return null;

  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed top-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {visible.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
      ))}
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const hydrated = useHydrated();
  useEffect(() => {
    const timer = setTimeout(onDismiss, toast.duration);
    return () => clearTimeout(timer);
  }, [toast.duration, onDismiss]);

  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast-type={toast.type}
      // The CSS animation hides the toast after its duration even without JavaScript.
      style={{ animationDelay: `${toast.duration}ms` }}
      className={`toast pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 p-3 text-sm shadow-lg ${STYLES[toast.type]}`}
    >
      <p className="flex-1 font-medium">{toast.title}</p>
      {hydrated ? (
        <button
          type="button"
          onClick={onDismiss}
          className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
          aria-label="Dismiss notification"
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
