// SMS text in the GSM 7-bit default alphabet (3GPP TS 23.038, "GSM 03.38"). One character
// outside it makes the whole message UCS-2: 70 characters a segment instead of 160, so a
// ticket SMS would cost three or four segments instead of two. Our texts (catalogues, venue,
// event name) are therefore folded into GSM-7 before they are sent: Hausa's hooked letters
// are written plain, as people type them on a phone (ƙ → k, ɗ → d, ɓ → b, ƴ → y), typographic
// punctuation becomes ASCII, accents the alphabet lacks fall away. Pure: no server imports.

/** The basic character set: one septet each (0x1B, the escape to the extension table, is not a character). */
const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** The extension table: the escape septet plus one, two septets each. */
const EXTENSION = "\f^{}\\[~]|€";

const BASIC_SET = new Set(BASIC);
const EXTENSION_SET = new Set(EXTENSION);

/** Single UCS-2 / UTF-16 segment and concatenated part sizes, for text that is not GSM-7. */
const UCS2_SINGLE = 70;
const UCS2_PART = 67;
const GSM_SINGLE = 160;
const GSM_PART = 153;

// Written out where Unicode's compatibility decomposition (NFKD) does not lead to a GSM letter.
const REPLACEMENTS: Record<string, string> = {
  // Hausa's hooked letters (Boko), and the modifier apostrophe of 'y (ƴ in Niger's spelling).
  ƙ: "k",
  Ƙ: "K",
  ɗ: "d",
  Ɗ: "D",
  ɓ: "b",
  Ɓ: "B",
  ƴ: "y",
  Ƴ: "Y",
  "\u02BC": "'",
  "\u02BB": "'",
  // Quotes, dashes, ellipsis, bullets.
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "`": "'",
  "\u00B4": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u201F": '"',
  "\u2033": '"',
  "\u00AB": '"',
  "\u00BB": '"',
  "\u2039": "'",
  "\u203A": "'",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u2022": "-",
  "\u00B7": ".",
  // Letters and signs NFKD leaves alone.
  ç: "c",
  ð: "d",
  Ð: "D",
  đ: "d",
  Đ: "D",
  ł: "l",
  Ł: "L",
  ŋ: "n",
  Ŋ: "N",
  œ: "oe",
  Œ: "OE",
  þ: "th",
  Þ: "Th",
  ı: "i",
  "\u20A6": "N", // the naira sign: "N2,000" is how Nigerians write it without ₦
  "\u00A9": "(c)",
  "\u00AE": "(R)",
  "\u2122": "TM",
  "\u00D7": "x",
  "\u00F7": "/",
  "\u2044": "/",
  "\u00A2": "c",
  "\t": " ",
};

const SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/u;

/** True when every character of `text` is in the GSM-7 basic set or its extension table. */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!BASIC_SET.has(char) && !EXTENSION_SET.has(char)) return false;
  return true;
}

/**
 * `text` in GSM-7 only: always `isGsm7(toSmsText(text))`, and `toSmsText` of its own result
 * changes nothing. Kept as they are: every GSM character (é, è, ñ, ü, Ø, Å, Δ …); line breaks
 * (\r\n and \r become \n). Folded: Hausa hooked letters, typographic quotes, dashes, ellipsis
 * and spaces, and any letter whose compatibility decomposition is a GSM letter plus accents
 * (á → a, ﬁ → fi, ² → 2). Removed: control and format characters (NUL, tab is a space, RTL and
 * zero-width marks), combining marks left over, lone surrogates, emoji and other symbols.
 *
 * A letter or digit of another script (Ajami, Greek small letters, Chinese) becomes one "?" per
 * run: such a word carries meaning (a name, a place), and a visible "?" tells the reader
 * something was there, where silence would change the sentence. Symbols and emoji carry
 * decoration, not meaning, so they are dropped rather than littering the text with "?".
 */
export function toSmsText(text: string): string {
  let out = "";
  let inUnknownRun = false;
  for (const char of text.replace(/\r\n?/g, "\n").normalize("NFC")) {
    const folded = foldChar(char);
    if (folded === null) {
      if (!inUnknownRun) out += "?";
      inUnknownRun = true;
      continue;
    }
    if (folded !== "") inUnknownRun = false;
    out += folded;
  }
  return out;
}

/** One character's GSM-7 form: itself, a replacement, "" (dropped), or null (an unknown letter: "?"). */
function foldChar(char: string): string | null {
  if (char === "\n") return char;
  if (char === "\f" || char === "\r") return "";
  if (BASIC_SET.has(char) || EXTENSION_SET.has(char)) return char;
  const replacement = REPLACEMENTS[char];
  if (replacement !== undefined) return replacement;
  if (SPACES.test(char)) return " ";
  // Controls, format characters (bidi and zero-width marks), surrogates, private use, marks.
  if (/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{M}]/u.test(char)) return "";
  const decomposed = char.normalize("NFKD").replace(/\p{M}/gu, "");
  if (decomposed !== char && decomposed !== "") {
    let folded = "";
    for (const part of decomposed) {
      const piece = foldChar(part);
      if (piece === null) return /[\p{L}\p{N}]/u.test(char) ? null : "";
      folded += piece;
    }
    return folded;
  }
  return /[\p{L}\p{N}]/u.test(char) ? null : "";
}

/** Septets one character takes: 1 in the basic set, 2 in the extension table (escape + character). */
function septets(char: string): number {
  return EXTENSION_SET.has(char) ? 2 : 1;
}

/** Septets GSM-7 text takes, extension characters counted twice. */
export function gsm7Septets(text: string): number {
  let total = 0;
  for (const char of text) total += septets(char);
  return total;
}

/**
 * How many SMS segments `text` is sent as (0 for ""). GSM-7 text: up to 160 septets is one
 * segment; longer text is split into parts of 153 septets (7 go to the concatenation header),
 * and an extension character's two septets never straddle two parts, so a part may hold 152.
 *
 * Text that is not GSM-7 is counted as the provider would send it, UCS-2: 70 UTF-16 units in
 * one segment, else parts of 67, a surrogate pair never split. Counting instead of throwing
 * keeps the function total (an admin preview of any text), though what we send has been
 * through toSmsText first and is always GSM-7.
 */
export function smsSegments(text: string): number {
  if (text === "") return 0;
  if (!isGsm7(text))
    return splitCount(
      Array.from(text, (char) => char.length),
      UCS2_SINGLE,
      UCS2_PART,
    );
  return splitCount(Array.from(text, septets), GSM_SINGLE, GSM_PART);
}

function splitCount(widths: number[], single: number, part: number): number {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= single) return 1;
  let segments = 1;
  let used = 0;
  for (const width of widths) {
    if (used + width > part) {
      segments += 1;
      used = width;
    } else used += width;
  }
  return segments;
}
