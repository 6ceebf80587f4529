import type { Request, Response } from "express";
import type { TFunction } from "i18next";
import { chooseLanguage } from "~/i18n/language.server";
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, type Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { escapeHtml, escapeText } from "~/ui/escape-html";

// The page a person sees when the server cannot answer now: too many requests at once
// (server/load-shedding.ts) or the database out of reach. It is plain HTML written here,
// not rendered by React Router: producing it must cost next to nothing, and it must work
// when the database, which every route's loader reads, does not.
//
// A form post that could not be answered comes back as a "Try again" form carrying what
// was sent, so nobody types their registration twice, with or without JavaScript. Browsers
// with JavaScript post through React Router's data requests (`*.data`); those get a short
// text answer that the form's client action turns into a message above the kept form.

export type UnavailableReason = "busy" | "database";

/** The page's words in the visitor's language (`?lang=`, their cookie, their browser's languages). */
export function unavailableText(reason: UnavailableReason, language: Language = DEFAULT_LANGUAGE) {
  const t = translator(language, "common");
  return { title: t(`unavailable.${reason}.title`), message: t(`unavailable.${reason}.message`), t };
}

/** The language a request is answered in, read from Express's request as the app reads it. */
function languageOf(req: Request): Language {
  return chooseLanguage({ asked: req.query[LANGUAGE_PARAM], cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
}

/** Fields never written back into a page: a password stays where the person typed it. */
const NEVER_ECHOED = /password/i;
/** A retry form is only offered for the small public forms, never for uploads or the admin. */
const MAX_ECHOED_BYTES = 16 * 1024;
/** A refused body up to this size is received and dropped; a bigger one closes the connection. */
const MAX_DRAINED_BYTES = 256 * 1024;

/**
 * A small body is read and dropped, so the connection stays open for the client's next
 * request (closing it with unread data would reset it: a connection error, not an answer);
 * a large one (an upload) is not worth receiving, and the connection closes after the answer.
 */
function discardBody(req: Request, res: Response) {
  if (req.method === "GET" || req.method === "HEAD") return;
  if (Number(req.headers["content-length"] ?? 0) > MAX_DRAINED_BYTES) res.setHeader("Connection", "close");
  else req.resume();
}

/** Reads a small urlencoded form body, or nothing (another type, too long, an error). */
function readSmallForm(req: Request): Promise<URLSearchParams | undefined> {
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  const length = Number(req.headers["content-length"] ?? "NaN");
  if (!type.startsWith("application/x-www-form-urlencoded") || !(length > 0 && length <= MAX_ECHOED_BYTES)) {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_ECHOED_BYTES) chunks.push(chunk);
    });
    req.on("end", () => resolve(size <= MAX_ECHOED_BYTES ? new URLSearchParams(Buffer.concat(chunks).toString("utf8")) : undefined));
    req.on("error", () => resolve(undefined));
  });
}

function retryForm(action: string, fields: URLSearchParams, t: TFunction): string {
  const hidden = [...fields]
    .filter(([name]) => !NEVER_ECHOED.test(name))
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return `<form method="post" action="${escapeHtml(action)}">${hidden}<button type="submit">${escapeText(t("unavailable.tryAgain"))}</button></form>
<p class="small">${escapeText(t("unavailable.kept"))}</p>`;
}

function page(reason: UnavailableReason, language: Language, nonce: string, body: string): string {
  const text = unavailableText(reason, language);
  const [title, message] = [escapeText(text.title), escapeText(text.message)];
  return `<!DOCTYPE html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Zamfara Youth Summit</title>
<style nonce="${nonce}">body{margin:0;font-family:system-ui,sans-serif;color:#111827;background:#fff}main{max-width:32rem;margin:0 auto;padding:15vh 1rem 2rem;text-align:center}h1{font-size:1.5rem}p{color:#4b5563;line-height:1.5}.small{font-size:.875rem}button,a.button{display:inline-block;margin-top:1rem;padding:.65rem 1.25rem;border:0;border-radius:.5rem;background:#15803d;color:#fff;font:600 1rem system-ui,sans-serif;text-decoration:none;cursor:pointer}</style>
</head><body><main><h1>${title}</h1><p>${message}</p>${body}</main></body></html>`;
}

/**
 * Answers 503 with Retry-After: the friendly page for a document request (with a retry
 * form for a small form post), a line of text for a data request or any other client.
 * Reads the body of a small form post to write it back, so call it before anything
 * else has read the request.
 */
export async function sendUnavailable(req: Request, res: Response, reason: UnavailableReason, retryAfterSeconds: number): Promise<void> {
  res.status(503);
  res.setHeader("Retry-After", String(retryAfterSeconds));
  res.setHeader("Cache-Control", "no-store");
  const wantsPage = !req.path.endsWith(".data") && (req.headers.accept ?? "").includes("text/html");
  // The admin is in English; every public page, and the door, in the visitor's language.
  const language = req.path.startsWith("/admin") && !req.path.startsWith("/admin/check-in") ? DEFAULT_LANGUAGE : languageOf(req);
  const { t } = unavailableText(reason, language);
  res.setHeader("Content-Language", language);
  if (!wantsPage) {
    discardBody(req, res);
    res.type("text/plain").send(t(`unavailable.${reason}.message`));
    return;
  }
  let body = `<a class="button" href="${escapeHtml(req.originalUrl)}">${escapeText(t("unavailable.tryAgain"))}</a>`;
  if (req.method === "POST") {
    const fields = req.path.startsWith("/admin") ? undefined : await readSmallForm(req);
    body = fields ? retryForm(req.originalUrl, fields, t) : `<p class="small">${escapeText(t("unavailable.goBack"))}</p>`;
    if (!fields) discardBody(req, res);
  }
  res.type("html").send(page(reason, language, res.locals.cspNonce ?? "", body));
}
