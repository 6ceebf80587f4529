import type { RequestHandler } from "express";

// What a request body may be before any route reads it. Every form of the site is either
// urlencoded (a few kilobytes) or multipart with up to five images (the upload rules allow
// 25 MB in all); a body beyond that is abuse, refused with 413 before it is read. A body of
// unknown length (chunked) is refused with 411: browsers always say how long a form is.

/** The largest urlencoded or other non-multipart body (the longest form, a bio, is 10,000 characters). */
const MAX_FORM_BYTES = 256 * 1024;
/** The upload rules' 25 MB, plus room for the multipart boundaries and part headers. */
const MAX_MULTIPART_BYTES = 25 * 1024 * 1024 + 64 * 1024;

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

export function bodyLimits(): RequestHandler {
  return (req, res, next) => {
    if (WITHOUT_BODY.has(req.method)) return next();
    const length = req.headers["content-length"];
    if (length === undefined) {
      if (req.headers["transfer-encoding"]) return refuse(res, 411, "Length Required");
      return next();
    }
    const multipart = (req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data");
    if (!/^\d+$/.test(length)) return refuse(res, 400, "Bad Request");
    if (Number(length) > (multipart ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES)) return refuse(res, 413, "Payload Too Large");
    next();
  };
}

function refuse(res: Parameters<RequestHandler>[1], status: number, text: string) {
  // The body is not read: close the connection after answering rather than drain it.
  res.setHeader("Connection", "close");
  res.status(status).type("text/plain").send(text);
}
