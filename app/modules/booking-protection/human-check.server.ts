import { createHash, randomBytes } from "node:crypto";
import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { used_form_stamps } from "~/db/schema";
import { signToken, verifyToken } from "~/modules/tickets/ticket-token.server";
import { HONEYPOT_FIELD, STAMP_FIELD } from "~/ui/human-check-fields";

// Scripts that post our public forms (registration, the waitlist, "Lost your ticket?") are
// told apart from people without a puzzle and without blocking a shared IP. A person never
// fills the invisible decoy field, and takes more than a moment between opening the page and
// sending it. The page carries a signed stamp: when it was served, a random nonce, and a tag
// of the browser it was served to (a cookie). A stamp is good for one post, for a few hours,
// from that browser: a script can no longer load the page once and post its stamp a thousand
// times. Every answer to a post is a page with a fresh stamp, so people never notice: its nonce
// is new, but its time is the one of the page the visit began with (carryFormStart), so a person
// who ticks the forgotten box and sends again at once is not taken for a script, while a script
// that posts a page at once is still refused on every answer it gets.

// served time (ms) - nonce (96 bits, hex) - browser tag (66 bits of sha256 of its cookie)
const STAMP_VALUE = /^\d{13}-[0-9a-f]{24}-[A-Za-z0-9_-]{11}$/;

/** Faster than anyone types a name, an e-mail and a phone number, slow for a script. */
export const MIN_FILL_MS = 1_500;
/** Long enough to fill the form on a slow afternoon; a page left open overnight is served again. */
export const STAMP_MAX_AGE_MS = 4 * 60 * 60_000;

const HUMAN_CHECK_MESSAGE = "form.humanCheck";
export const STAMP_MESSAGES = {
  used: "form.stamp.used",
  expired: "form.stamp.expired",
  browser: "form.stamp.browser",
} as const;

function browserTag(browserId: string): string {
  return createHash("sha256").update(browserId).digest("base64url").slice(0, 11);
}

/**
 * A stamp for this page: when the visit's first page was served (`startedAt`, by default now), to
 * which browser, with a nonce of its own.
 */
export function formStamp(secret: string, browserId: string, now = new Date(), startedAt = now.getTime()): string {
  return signToken("form-stamp", `${startedAt}-${randomBytes(12).toString("hex")}-${browserTag(browserId)}`, secret, STAMP_VALUE);
}

/**
 * When the page of a posted stamp was first served, if the stamp is ours, for this browser, and
 * neither too old nor from the future: the time the answer's stamp carries on. Null otherwise (a
 * forged or foreign stamp gets a page that starts counting now).
 */
export function stampStartedAt(formData: FormData, secret: string, browserId: string, now = new Date()): number | null {
  const stamp = formData.get(STAMP_FIELD);
  const value = typeof stamp === "string" ? verifyToken("form-stamp", stamp, secret, STAMP_VALUE) : null;
  if (!value || !browserId || value.slice(39) !== browserTag(browserId)) return null;
  const served = Number(value.slice(0, 13));
  const age = now.getTime() - served;
  return age >= 0 && age <= STAMP_MAX_AGE_MS ? served : null;
}

// The answer to a post without JavaScript (or posted in place by the page's script) is one request:
// the action reads the posted stamp, the loader then signs the answered page's stamp. They share
// the request's load context, and nothing else, so the time goes from one to the other through it.
const formStarts = new WeakMap<object, number>();

/** Called by the action: the answered page's stamp carries the posted one's time (stampStartedAt). */
export function carryFormStart(context: object, formData: FormData, browserId: string, secret: string, now = new Date()): void {
  const startedAt = stampStartedAt(formData, secret, browserId, now);
  if (startedAt !== null) formStarts.set(context, startedAt);
}

/** The page's stamp, counting from the visit's first page when the action carried its time (carryFormStart). */
export function pageFormStamp(context: object, secret: string, browserId: string, now = new Date()): string {
  return formStamp(secret, browserId, now, formStarts.get(context) ?? now.getTime());
}

export type HumanCheck =
  | { ok: true; nonce: string }
  | { ok: false; reason: "decoy" | "stamp" | "too-fast" | "expired" | "browser"; message: string };

/** The checks a post's own fields and cookie can answer; whether the stamp was used already is `spendStamp`'s. */
export function checkHuman(formData: FormData, secret: string, browserId: string, now = new Date()): HumanCheck {
  const refuse = (reason: "decoy" | "stamp" | "too-fast") => ({ ok: false as const, reason, message: HUMAN_CHECK_MESSAGE });
  const decoy = formData.get(HONEYPOT_FIELD);
  if (typeof decoy === "string" && decoy !== "") return refuse("decoy");
  const stamp = formData.get(STAMP_FIELD);
  const value = typeof stamp === "string" ? verifyToken("form-stamp", stamp, secret, STAMP_VALUE) : null;
  if (!value) return refuse("stamp");
  // Fixed widths: the tag is base64url, which may itself hold a "-".
  const [served, nonce, tag] = [value.slice(0, 13), value.slice(14, 38), value.slice(39)];
  if (!browserId || tag !== browserTag(browserId)) return { ok: false, reason: "browser", message: STAMP_MESSAGES.browser };
  const age = now.getTime() - Number(served);
  if (age < MIN_FILL_MS) return refuse("too-fast");
  if (age > STAMP_MAX_AGE_MS) return { ok: false, reason: "expired", message: STAMP_MESSAGES.expired };
  return { ok: true, nonce };
}

/** Marks the stamp's nonce used; false when it already was (a replay). */
export async function spendStamp(db: DbOrTx, nonce: string, now = new Date()): Promise<boolean> {
  const inserted = await db
    .insert(used_form_stamps)
    .values({ nonce, used_at: now })
    .onConflictDoNothing()
    .returning({ nonce: used_form_stamps.nonce });
  return inserted.length > 0;
}

/** The nonce of a stamp we signed, which a proof-of-work challenge is bound to; null for anything else. */
export function stampNonce(stamp: string, secret = getConfig().sessionSecret): string | null {
  const value = verifyToken("form-stamp", stamp, secret, STAMP_VALUE);
  return value ? value.slice(14, 38) : null;
}
