import { useEffect, useId, useRef } from "react";
import { trapFocus } from "./focus-trap";
import { CloseIcon } from "./icons";
import { useHydrated } from "./use-hydrated";

type ModalProps = {
  title: string;
  /** Closes the modal with JavaScript. */
  onClose: () => void;
  /** Where the close controls lead without JavaScript (a plain link). */
  closeHref: string;
  children: React.ReactNode;
  icon?: React.ReactNode;
  /** a wider panel for forms */
  size?: "md" | "lg";
};

/**
 * A modal dialog rendered on the server too, so it works without JavaScript
 * (close controls are then links). With JavaScript: focus moves in and stays in,
 * Escape closes, and focus returns to where it was. On a page served without React,
 * ui/enhance/modal.ts does this to the same markup (data-modal, data-modal-close).
 */
export function Modal({ title, onClose, closeHref, children, icon, size = "md" }: ModalProps) {
  const titleId = useId();
  const hydrated = useHydrated();
  const panel = useRef<HTMLDivElement>(null);

  // The latest onClose, so the effect below runs once per opening: a page re-rendering
  // (a server error in the form) must not move focus out and back.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close.current();
      if (event.key === "Tab" && panel.current) trapFocus(panel.current, event);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    // On a phone a toast (top of the screen) would cover the dialog's top and its icon: while one
    // is showing, the dialog starts below it.
    <div
      data-modal=""
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4 max-sm:[body:has(.toast:not([hidden]))_&]:pt-32"
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative max-h-[min(90vh,100%)] w-full ${size === "lg" ? "max-w-2xl" : "max-w-md"} overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl outline-none`}
      >
        {hydrated ? (
          <button
            type="button"
            onClick={onClose}
            className="absolute top-3 right-3 rounded-full p-2 text-gray-500 hover:bg-gray-100"
            aria-label="Close"
          >
            <CloseIcon />
          </button>
        ) : (
          <a
            href={closeHref}
            data-modal-close=""
            className="absolute top-3 right-3 rounded-full p-2 text-gray-500 hover:bg-gray-100"
            aria-label="Close"
          >
            <CloseIcon />
          </a>
        )}
        {icon}
        <h2 id={titleId} className="text-center text-xl font-bold text-gray-900">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
