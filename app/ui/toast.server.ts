import { createCookieSessionStorage, redirect } from "react-router";
import { getConfig } from "~/config.server";
import { makeToast, type Toast, type ToastType } from "./toast";

// Flash messages live in a signed cookie, so a toast survives the redirect after
// a form posted without JavaScript.
type FlashData = { toasts: Toast[] };
let storage: ReturnType<typeof createCookieSessionStorage<FlashData, FlashData>> | undefined;

function toastStorage() {
  const config = getConfig();
  storage ??= createCookieSessionStorage<FlashData, FlashData>({
    cookie: {
      name: "ys_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      secrets: [config.sessionSecret],
    },
  });
  return storage;
}

async function flashToastHeader(request: Request | null, type: ToastType, title: string, duration?: number) {
  const s = toastStorage();
  const session = await s.getSession(request?.headers.get("Cookie"));
  const existing = session.get("toasts") ?? [];
  session.flash("toasts", [...existing, makeToast(type, title, duration)].slice(-20));
  return s.commitSession(session);
}

/** Redirects and shows a toast on the next page. */
export async function redirectWithToast(url: string, type: ToastType, title: string, init?: { headers?: HeadersInit; duration?: number }) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashToastHeader(null, type, title, init?.duration));
  return redirect(url, { headers });
}

/** Reads and clears pending toasts; returns the Set-Cookie header that clears them, if any. */
export async function readToasts(request: Request): Promise<{ toasts: Toast[]; setCookie: string | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("ys_toast=")) return { toasts: [], setCookie: null };
  const s = toastStorage();
  const session = await s.getSession(cookie);
  const toasts = session.get("toasts") ?? [];
  return { toasts, setCookie: await s.destroySession(session) };
}
