// What a USSD screen may carry: GSM-7's basic characters only (GSM 03.38), at most 160 of them
// with the "CON "/"END " prefix. A phone shows anything else as a box or nothing, and a
// character from GSM-7's extension table ({ } [ ] ~ \ | ^ €) costs two, so screens use neither.
// Our own texts are written that way (the Hausa in mail.ussd.* without ƙ ɗ ɓ ƴ, as people
// text); what people typed (a name) goes through `screenText` before it is shown.
// (app/modules/sms/gsm7.ts, written alongside, has the SMS side; the lead may merge the two.)

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

// Hausa's hooked letters as people write them in a text message, and the punctuation phones
// and word processors type for the plain ones.
const PLAIN: Record<string, string> = {
  ƙ: "k",
  Ƙ: "K",
  ɗ: "d",
  Ɗ: "D",
  ɓ: "b",
  Ɓ: "B",
  ƴ: "y",
  Ƴ: "Y",
  "\u02BC": "'",
  "\u2018": "'",
  "\u2019": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u00A0": " ",
};

/**
 * `text` in GSM-7 basic characters, for showing on a screen: hooked letters as k d b y,
 * accents dropped (é stays: it is in the table), any line break or run of spaces one space,
 * and whatever is left outside the table "?". Never longer than `text` once folded.
 */
export function screenText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const plain = PLAIN[char] ?? char;
    if (GSM7_BASIC.has(plain) && plain !== "\n") {
      out += plain;
      continue;
    }
    if (/\s/u.test(plain)) {
      out += " ";
      continue;
    }
    if (plain.length > 1) {
      out += plain;
      continue;
    }
    // é → e + ◌́: keep the letter, drop the mark. Marks alone (a stray combining accent) vanish.
    const base = plain.normalize("NFD").replace(/\p{M}/gu, "");
    if (base === "") continue;
    out += [...base].map((c) => (GSM7_BASIC.has(c) && c !== "\n" ? c : "?")).join("");
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/** `text` cut to at most `max` characters, with "..." where it was cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 3) return text.slice(0, Math.max(0, max));
  return `${text.slice(0, max - 3).trimEnd()}...`;
}
