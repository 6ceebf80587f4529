import { signToken, verifyToken } from "~/modules/tickets/ticket-token.server";
import { HONEYPOT_FIELD, STAMP_FIELD } from "~/ui/human-check-fields";

// Scripts that post our public forms (registration, the waitlist, "Lost your ticket?") are
// told apart from people without a puzzle and without blocking a shared IP: a person never
// fills the invisible decoy field, and takes more than a moment between opening the page and
// sending it. The page carries the signed time it was served; the server refuses a post that
// fills the decoy, lacks a valid stamp or comes too soon after it. Nothing is stored then.

const PURPOSE = "form-stamp:v1:";
const MILLISECONDS = /^\d{13}$/;

/** Faster than anyone types a name, an e-mail and a phone number, slow for a script. */
export const MIN_FILL_MS = 1_500;

export const HUMAN_CHECK_MESSAGE = "Sorry, we could not accept the form. Please wait a moment and send it again.";

/** The signed time this page was served, for its forms. */
export function formStamp(secret: string, now = new Date()): string {
  return signToken(PURPOSE, String(now.getTime()), secret, MILLISECONDS);
}

export type HumanCheck = { ok: true } | { ok: false; reason: "decoy" | "stamp" | "too-fast" };

export function checkHuman(formData: FormData, secret: string, now = new Date()): HumanCheck {
  const decoy = formData.get(HONEYPOT_FIELD);
  if (typeof decoy === "string" && decoy !== "") return { ok: false, reason: "decoy" };
  const stamp = formData.get(STAMP_FIELD);
  const served = typeof stamp === "string" ? verifyToken(PURPOSE, stamp, secret, MILLISECONDS) : null;
  if (!served) return { ok: false, reason: "stamp" };
  return now.getTime() - Number(served) < MIN_FILL_MS ? { ok: false, reason: "too-fast" } : { ok: true };
}
