import { trapFocus } from "../focus-trap";

// The Modal's dialog on a page served without React. The server renders its close controls
// as links back to the page (data-modal-close), which work without JavaScript; with it they
// become buttons that close the dialog in place, Escape closes it and Tab stays inside, as
// the React Modal does.

const PANEL = '[data-modal] [role="dialog"]';

export function upgradeModals(root: ParentNode) {
  for (const link of root.querySelectorAll<HTMLAnchorElement>("a[data-modal-close]")) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = link.className;
    button.dataset.modalClose = "";
    const label = link.getAttribute("aria-label");
    if (label) button.setAttribute("aria-label", label);
    button.append(...link.childNodes);
    link.replaceWith(button);
  }
  root.querySelector<HTMLElement>(PANEL)?.focus();
}

/** Installs, once per page, the handlers that close and keep focus in any dialog. */
export function listenToModals() {
  document.addEventListener("click", (event) => {
    const close = (event.target as Element).closest?.("button[data-modal-close]");
    if (close) close.closest("[data-modal]")?.remove();
  });
  document.addEventListener("keydown", (event) => {
    const panel = document.querySelector<HTMLElement>(PANEL);
    if (!panel) return;
    if (event.key === "Escape") panel.closest("[data-modal]")?.remove();
    else if (event.key === "Tab") trapFocus(panel, event);
  });
}
