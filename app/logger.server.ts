import pino from "pino";
import { getConfig } from "./config.server";

// Structured JSON logs (pino) that keep ids, never a person: no e-mail address, phone number,
// name or ticket link (docs/PRIVACY.md, "What the logs keep"). Every call passes ids only; this
// file is the defence behind that, for what a call cannot see: a database error quoting the
// values of its query, an SMTP reply quoting the recipient, a URL holding a ticket token.

/** Keys whose value is a person's, wherever a call puts them (one level deep too): replaced, not written. */
const REDACTED_KEYS = ["email", "to", "phone", "fullName", "full_name", "token", "ticketUrl", "params", "detail"];
const REDACT_PATHS = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`]);

// A failed query's message ends with its values ("Failed query: … params: a@b.ng,Amina,…"):
// everything from "params:" on is dropped, whatever the values look like.
const QUERY_PARAMS = /\bparams:[\s\S]*$/;
const EMAIL = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+/g;
const TOKEN_PATH = /(\/(?:tickets|waitlist|ticket-image)\/)[^\s/?#"'<>]+/g;
const PHONE = /\+?\d[\d ()-]{8,}\d/g;

/** A text with addresses, phone numbers, ticket and waitlist tokens and query values taken out. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, "params: [redacted]")
    .replace(EMAIL, "[email]")
    .replace(TOKEN_PATH, "$1[token]")
    .replace(PHONE, "[phone]");
}

const DROPPED_ERROR_FIELDS = new Set(["params", "parameters", "detail", "where", "query"]);

/** pino's error serializer, then scrubbed: strings cleaned, fields that quote a row or a query's values dropped, causes too. */
function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!DROPPED_ERROR_FIELDS.has(key)) out[key] = scrub(item, depth + 1);
  }
  return out;
}

function scrubbedError(error: unknown): unknown {
  return scrub(error instanceof Error ? pino.stdSerializers.errWithCause(error) : error);
}

/** The logger's options, exported for the test that writes through them. */
export function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    base: { app: "youth-summit" },
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: { err: scrubbedError, sendError: scrubbedError, url: (url: unknown) => (typeof url === "string" ? scrubText(url) : url) },
  };
}

let instance: pino.Logger | undefined;

/** Structured JSON logs (pino). */
export function logger(): pino.Logger {
  instance ??= pino(loggerOptions(getConfig().logLevel));
  return instance;
}
