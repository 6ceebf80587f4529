// What a USSD screen may carry: GSM-7's basic characters only (GSM 03.38), at most 160 of them
// with the "CON "/"END " prefix. A phone shows anything else as a box or nothing, and a
// character from GSM-7's extension table ({ } [ ] ~ \ | ^ €) costs two, so screens use neither.
// Our own texts are written that way (the Hausa in mail.ussd.* without ƙ ɗ ɓ ƴ, as people
// text); what people typed (a name) goes through `screenText` before it is shown.
// Folding into GSM-7 is the SMS side's (app/modules/sms/gsm7.ts).

import { toSmsText } from "~/modules/sms/gsm7";

/** The longest screen the gateway shows, prefix included. */
export const SCREEN_MAX = 160;

// The basic table without ESC (the extension table's door) and CR (no screen needs it).
const GSM7_BASIC = new Set(
  "@£$¥èéùìòÇ\nØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);

/** Every character of `text` is one of GSM-7's basic characters (one septet each). */
export function isScreenText(text: string): boolean {
  for (const char of text) if (!GSM7_BASIC.has(char)) return false;
  return true;
}

/**
 * `text` in GSM-7 basic characters, for showing on a screen: as an SMS writes it (toSmsText:
 * hooked letters as k d b y, accents dropped, é kept, unknown letters "?"), then any line break
 * or run of spaces one space and the extension table's characters (two septets each) "?".
 */
export function screenText(text: string): string {
  let out = "";
  for (const char of toSmsText(text)) out += GSM7_BASIC.has(char) && char !== "\n" ? char : /\s/u.test(char) ? " " : "?";
  return out.replace(/ {2,}/g, " ").trim();
}

/** `text` cut to at most `max` characters, with "..." where it was cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 3) return text.slice(0, Math.max(0, max));
  return `${text.slice(0, max - 3).trimEnd()}...`;
}
