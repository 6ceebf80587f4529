import { randomInt } from "node:crypto";
import { INVITE_CODE_LENGTH, OUTREACH_CODE_ALPHABET, SOURCE_CODE_LENGTH } from "~/db/outreach-codes";

// The short codes of the outreach links: a source's /r/<code> and an attendee's /i/<code>. Drawn
// from an alphabet without look-alikes (db/schema/outreach.ts), so a code copied from a poster or
// written down from the radio is the code meant; typed back, it is read forgivingly.

/** `length` characters of the outreach alphabet, drawn with `pick` (crypto's randomInt). */
export function drawCode(length: number, pick: (max: number) => number = randomInt): string {
  let code = "";
  for (let i = 0; i < length; i++) code += OUTREACH_CODE_ALPHABET[pick(OUTREACH_CODE_ALPHABET.length)];
  return code;
}

/** A new source's code (five characters). */
export function drawSourceCode(pick?: (max: number) => number): string {
  return drawCode(SOURCE_CODE_LENGTH, pick);
}

// What people write for the characters left out: the one the alphabet keeps in their place.
const READ_AS: Record<string, string> = { S: "5", Z: "2", B: "8", G: "6", U: "V" };

export type TypedCode = { via: "source" | "invite"; code: string };

/**
 * A code as someone typed it (any case, spaces or dashes between, S for 5, Z for 2…): a source's
 * (5 characters) or an invite's (6), or null when it can be neither.
 */
export function typedCode(text: unknown): TypedCode | null {
  if (typeof text !== "string" || text.length > 40) return null;
  const code = text
    .toUpperCase()
    .replace(/[\s\-–.]/g, "")
    .replace(/[SZBGU]/g, (c) => READ_AS[c] ?? c);
  if (![...code].every((c) => OUTREACH_CODE_ALPHABET.includes(c))) return null;
  if (code.length === SOURCE_CODE_LENGTH) return { via: "source", code };
  if (code.length === INVITE_CODE_LENGTH) return { via: "invite", code };
  return null;
}
