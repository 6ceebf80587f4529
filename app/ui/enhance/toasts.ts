import { TOAST } from "../styles";
import { makeToast, type ToastType } from "../toast";

// Toasts on a page served without React: the Toaster's server-rendered markup gets the
// dismiss control and timer React would give it, and the page's script can raise new ones
// in the same markup and styles.

/** Adds a dismiss control and a timer to every toast under `root` that has none yet. */
export function upgradeToasts(root: ParentNode) {
  for (const item of root.querySelectorAll<HTMLElement>("[data-toast-type]")) upgradeToast(item);
}

/** Raises a toast in the page's last toast area, creating one when the page has none. */
export function showToast(type: ToastType, title: string) {
  const toast = makeToast(type, title);
  let area = [...document.querySelectorAll<HTMLElement>("[data-toaster]")].at(-1);
  if (!area) {
    area = document.createElement("section");
    area.setAttribute("aria-label", "Notifications");
    area.dataset.toaster = "";
    area.className = TOAST.area;
    document.body.append(area);
  }
  const item = document.createElement("div");
  item.setAttribute("role", type === "error" ? "alert" : "status");
  item.dataset.toastType = type;
  item.dataset.duration = String(toast.duration);
  item.style.animationDelay = `${toast.duration}ms`;
  item.className = `${TOAST.item} ${TOAST[type]}`;
  const text = document.createElement("p");
  text.className = TOAST.title;
  text.textContent = title;
  item.append(text);
  area.append(item);
  upgradeToast(item);
}

function upgradeToast(item: HTMLElement) {
  if (item.dataset.upgraded) return;
  item.dataset.upgraded = "true";
  // An empty area goes too, as the React Toaster renders none: one landmark less.
  const dismiss = () => {
    const area = item.parentElement;
    item.remove();
    if (area?.matches("[data-toaster]") && area.childElementCount === 0) area.remove();
  };
  const button = document.createElement("button");
  button.type = "button";
  button.className = TOAST.dismiss;
  button.setAttribute("aria-label", "Dismiss notification");
  button.textContent = "×";
  button.addEventListener("click", dismiss);
  item.append(button);
  setTimeout(dismiss, Number(item.dataset.duration) || 4000);
}
