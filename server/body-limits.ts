import type { RequestHandler } from "express";
import { isAdminPath } from "./admin-path";

// What a request body may be before any route reads it, decided from its headers alone.
// Multipart is taken only where an organiser uploads images (the content forms and Event
// Settings, up to 25 MB by the upload rules); anywhere else it is refused with 415 before a
// byte of it is read: a public form parsed a 25 MB multipart body into memory (eight at once
// took a server from 513 to 795 MB). Public urlencoded forms are a few kilobytes (see
// PUBLIC_FORM_BYTES); the admin's other forms get more room. A body beyond its limit is refused
// with 413; a body of unknown length (chunked) with 411: browsers always say how long a form is.

/**
 * The public forms (/register and its waitlist, "Lost your ticket?", the ticket and waitlist
 * pages). The largest, a registration with every field at its longest (2,844 characters) typed
 * in a script whose letters take three bytes each, percent-encoded (9 bytes a character), is
 * 23 KB (body-limits.test.ts builds it); 32 KB leaves room for hidden fields the form may gain.
 */
export const PUBLIC_FORM_BYTES = 32 * 1024;
/** The admin's urlencoded forms (the longest field, a bio, is 10,000 characters) and reorders. */
const ADMIN_FORM_BYTES = 256 * 1024;
/**
 * A door's sync of what it recorded offline (JSON): up to 500 check-ins whose ticket text may be
 * 500 characters (door-sync-schema.ts); with three-byte letters that is about 810 KB. A device
 * refused here would send the same batch again and again, so the limit holds the longest valid one.
 */
const DOOR_SYNC_BYTES = 1024 * 1024;
const DOOR_SYNC_ROUTE = /^\/admin\/check-in\/sync\/?$/;
/**
 * Meta's WhatsApp webhook (JSON): one message or a batch of statuses is a few kilobytes; Meta
 * may batch more, so it has room for some hundred statuses, and no more than a form's worth of memory.
 */
const WHATSAPP_WEBHOOK_BYTES = 256 * 1024;
const WHATSAPP_WEBHOOK_ROUTE = /^\/whatsapp\/webhook\/?$/;
/** The upload rules' 25 MB, plus room for the multipart boundaries and part headers. */
const MAX_MULTIPART_BYTES = 25 * 1024 * 1024 + 64 * 1024;

// The routes whose action reads an upload (readUploadForm): a content item's add and edit
// forms, and Event Settings; `.data` is the same action posted by the site's own JavaScript.
const UPLOAD_ROUTE = /^\/admin\/(?:(?:speakers|special-guests|agenda|partners)\/(?:new|[^/]+\/edit)|settings)(?:\.data)?\/?$/;

export function acceptsMultipart(path: string): boolean {
  return UPLOAD_ROUTE.test(path);
}

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

export function bodyLimits(): RequestHandler {
  return (req, res, next) => {
    if (WITHOUT_BODY.has(req.method)) return next();
    const length = req.headers["content-length"];
    const multipart = (req.headers["content-type"] ?? "").trimStart().toLowerCase().startsWith("multipart/");
    if (multipart && !acceptsMultipart(req.path)) return refuse(res, 415, "Unsupported Media Type");
    if (length === undefined) {
      if (req.headers["transfer-encoding"]) return refuse(res, 411, "Length Required");
      return next();
    }
    if (!/^\d+$/.test(length)) return refuse(res, 400, "Bad Request");
    const limit = multipart
      ? MAX_MULTIPART_BYTES
      : DOOR_SYNC_ROUTE.test(req.path)
        ? DOOR_SYNC_BYTES
        : WHATSAPP_WEBHOOK_ROUTE.test(req.path)
          ? WHATSAPP_WEBHOOK_BYTES
          : isAdminPath(req.path)
            ? ADMIN_FORM_BYTES
            : PUBLIC_FORM_BYTES;
    if (Number(length) > limit) return refuse(res, 413, "Payload Too Large");
    next();
  };
}

function refuse(res: Parameters<RequestHandler>[1], status: number, text: string) {
  // The body is not read: close the connection after answering rather than drain it.
  res.setHeader("Connection", "close");
  res.status(status).type("text/plain").send(text);
}
