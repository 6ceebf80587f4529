import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/message-key";
import { TOAST } from "./styles";
import type { Toast } from "./toast";
import { useHydrated } from "./use-hydrated";

/**
 * The toast area at the top right. Toasts are rendered on the server (so a form
 * posted without JavaScript still shows one); with JavaScript they dismiss themselves.
 * On a page served without React, ui/enhance/toasts.ts does the same to this markup
 * (the data-* attributes are its hooks).
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const { t } = useTranslation("common");
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const visible = toasts.filter((t) => !dismissed.has(t.id)).slice(-20);
  const dismiss = (id: string) => setDismissed((prev) => new Set(prev).add(id));
  // Pages may render their own Toaster beside the root's: an empty one must not add a
  // second "Notifications" landmark (axe: landmark-unique). Each toast is its own live region.
  if (visible.length === 0) return null;

  return (
    <section aria-label={t("toast.region")} data-toaster="" className={TOAST.area}>
      {visible.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
      ))}
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const hydrated = useHydrated();
  const { t } = useTranslation("common");
  useEffect(() => {
    const timer = setTimeout(onDismiss, toast.duration);
    return () => clearTimeout(timer);
  }, [toast.duration, onDismiss]);

  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast-type={toast.type}
      data-duration={toast.duration}
      // The CSS animation hides the toast after its duration even without JavaScript.
      style={{ animationDelay: `${toast.duration}ms` }}
      className={`${TOAST.item} ${TOAST[toast.type]}`}
    >
      <p className={TOAST.title}>{translateMessage(t, toast.title)}</p>
      {hydrated ? (
        <button type="button" onClick={onDismiss} className={TOAST.dismiss} aria-label={t("toast.dismiss")}>
          ×
        </button>
      ) : null}
    </div>
  );
}
