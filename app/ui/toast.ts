export type ToastType = "success" | "error" | "info";

export type Toast = {
  id: string;
  type: ToastType;
  title: string;
  /** milliseconds: errors 4000, registration success 5000 */
  duration: number;
};

const DEFAULT_DURATION: Record<ToastType, number> = { success: 4000, error: 4000, info: 4000 };

export function makeToast(type: ToastType, title: string, duration = DEFAULT_DURATION[type]): Toast {
  return { id: Math.random().toString(36).slice(2, 10), type, title, duration };
}
