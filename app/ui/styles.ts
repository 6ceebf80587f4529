// Class names every admin control shares, so a new screen looks like the others
// without copying Tailwind strings. Plain strings: they work in server-rendered
// HTML and in links styled as buttons alike.

export const FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export const BUTTON = {
  primary: `inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-3 py-2 text-sm sm:px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 ${FOCUS_RING}`,
  secondary: `inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm sm:px-4 font-semibold text-gray-700 hover:bg-gray-50 disabled:opacity-60 ${FOCUS_RING}`,
  danger: `inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-3 py-2 text-sm sm:px-4 font-semibold text-white hover:bg-red-700 disabled:opacity-60 ${FOCUS_RING}`,
  icon: `inline-flex h-8 w-8 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-50 ${FOCUS_RING}`,
} as const;

/** Text inputs, selects and text areas inside a FormField. */
export const INPUT =
  "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600";

/** A field's error message under its control (FormField, and the script of pages served without React). */
export const FIELD_ERROR = "mt-1 text-sm text-red-700";

/** The toast area, a toast by type, and its dismiss control (Toaster, ui/enhance/toasts.ts). */
export const TOAST = {
  area: "pointer-events-none fixed top-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2",
  item: "toast pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 p-3 text-sm shadow-lg",
  title: "flex-1 font-medium",
  dismiss: "rounded px-1 text-lg leading-none opacity-70 hover:opacity-100",
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
} as const;

/** A hint under a control while it has no error. */
export const FIELD_DESCRIPTION = "mt-1 text-xs text-gray-500";
