import type { PrivateSite } from "./private-site";

// The registration page as a script sees it: loaded and posted with plain fetch from a chosen
// network (the site trusts X-Forwarded-For from loopback, TRUST_PROXY), no browser, no JavaScript.
// The attack specs' way to be many people, or one network pretending to be many.

/** `challenge`: the proof-of-work challenge's JSON when the page carries one (during a surge). */
export type FormPage = { stamp: string; cookie: string; challenge?: string };

const unescapeHtml = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** A fresh page load of /register from `from`: its form stamp, the cookie the stamp is bound to, and any challenge. */
export async function loadFormPage(site: PrivateSite, from: string): Promise<FormPage> {
  const response = await fetch(`${site.url}/register`, { headers: { "x-forwarded-for": from } });
  const html = await response.text();
  const challenge = /data-challenge="([^"]+)"/.exec(html)?.[1];
  return {
    stamp: /name="formStamp" value="([^"]+)"/.exec(html)?.[1] ?? "",
    cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
    ...(challenge ? { challenge: unescapeHtml(challenge) } : {}),
  };
}

/** `n` page loads, one after another (more at once than load shedding lets through would be told 503), then the form's minimum fill time once for all. */
export async function loadFormPages(site: PrivateSite, from: string, n: number): Promise<FormPage[]> {
  const pages: FormPage[] = [];
  for (let i = 0; i < n; i++) pages.push(await loadFormPage(site, from));
  await new Promise((resolve) => setTimeout(resolve, 1_700));
  return pages;
}

/** A form posted from `from` as a browser on the site would (same origin), without following a redirect. */
export async function postFrom(site: PrivateSite, path: string, from: string, form: Record<string, string>, cookie = "") {
  const response = await fetch(`${site.url}${path}`, {
    method: "POST",
    headers: { "x-forwarded-for": from, cookie, origin: site.url },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

/** The sign-in form posted from `from` as a script would (no browser, no redirect followed), for the door's page. */
export function postSignIn(site: PrivateSite, from: string, email: string, password: string): Promise<Response> {
  return fetch(`${site.url}/admin/login`, {
    method: "POST",
    headers: { Origin: site.url, "X-Forwarded-For": from },
    body: new URLSearchParams({ email, password, redirectTo: "/admin/check-in" }),
    redirect: "manual",
  });
}
