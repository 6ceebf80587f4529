import * as z from "zod/mini";
import { messageKey } from "~/i18n/message-key";

// What text the site stores: the one rule for every form field (public and admin) and every
// search box, so no typed or pasted character can break a write, a mail, a badge or a list.
// In the browser bundle of /register too, hence zod/mini and nothing else: its checks are
// zod core checks, which classic zod's `.check()` takes as well (docs/decisions/013-stored-text.md).
//
// - PostgreSQL refuses NUL in text (a 500 where it reaches an insert), and the other C0/C1
//   controls and DEL are invisible in a list, a CSV, a badge or a mail: refused.
// - Direction overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069) reorder what
//   follows them wherever the text is shown ("Trojan Source", spoofed names in the admin list):
//   refused. Phone keyboards never type them; the marks a keyboard does type for Arabic script
//   (U+200E/U+200F) and the joiners (U+200C/U+200D, emoji, Ajami) are kept.
// - A lone surrogate is half a character: the database's encoder would store U+FFFD in its place.
// - A line break (\n, \r, U+2028, U+2029) or a tab is allowed only where the form has a
//   textarea; there U+2028/U+2029 (pasted from some editors) become \n, the break every
//   screen and the CSV understand.
// - Everything kept is stored NFC, so "é" typed as e + U+0301 and the precomposed "é" are
//   the same name to the unique checks, the search and the badge. (The Hausa hooked letters
//   ƙ ɗ ɓ ƴ are letters of their own with no decomposition: NFC leaves them as typed.)

export const TEXT_MESSAGES = {
  controlCharacter: messageKey("validation.controlCharacter"),
  loneSurrogate: messageKey("validation.loneSurrogate"),
  singleLine: messageKey("validation.singleLine"),
} as const;

/** One line (an input) or several (a textarea). */
export type TextShape = "line" | "lines";

// Not with the `u` flag: with it a lone surrogate never matches a class of code units.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/** Why `text` cannot be stored in a field of this shape (a message key), or null when it can. */
export function textProblem(text: string, shape: TextShape): string | null {
  if (LONE_SURROGATE.test(text)) return TEXT_MESSAGES.loneSurrogate;
  if (CONTROL.test(text)) return TEXT_MESSAGES.controlCharacter;
  if (shape === "line" && LINE_BREAK.test(text)) return TEXT_MESSAGES.singleLine;
  return null;
}

/** `text` as stored: NFC, and in several lines the Unicode line and paragraph separators as \n. */
export function storedText(text: string, shape: TextShape): string {
  const lines = shape === "lines" ? text.replace(/[\u2028\u2029]/g, "\n") : text;
  // normalize() keeps a lone surrogate as it is; such text is refused anyway.
  return lines.normalize("NFC");
}

/**
 * A search box's or a URL's text as searched, never refused: every control, direction, line
 * break or half character reads as `gap` (a space: "Ami\u0000na" is two words), then NFC.
 */
export function searchText(text: string, gap = " "): string {
  return text.replace(new RegExp(`(?:${LONE_SURROGATE.source}|${CONTROL.source}|${LINE_BREAK.source})+`, "g"), gap).normalize("NFC");
}

/**
 * The apostrophes a name is written with: ' (a computer's keyboard), ʼ (U+02BC, the Hausa
 * glottal letter) and ’ / ‘ (U+2019 / U+2018, what phones type). Stored as typed; a search
 * finds a name whichever was typed (`APOSTROPHE_FOLD` is the same fold for SQL's translate()).
 */
export const APOSTROPHE_FOLD = { from: "\u02BC\u2019\u2018", to: "'''" } as const;

/** `text` with every apostrophe as ' (see APOSTROPHE_FOLD). */
export function foldApostrophes(text: string): string {
  return text.replace(/[\u02BC\u2019\u2018]/g, "'");
}

// The checks: the problem as a field message, then the stored form. Made once, so a schema's
// string fields can be checked to carry them (app/db/text-rules.coverage.test.ts).
const checksFor = (shape: TextShape) =>
  [
    z.superRefine<string>((text, ctx) => {
      const problem = textProblem(text, shape);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: text });
    }),
    z.overwrite<string>((text) => storedText(text, shape)),
  ] as const;

/** The checks of a one-line field: `z.string().check(...LINE_TEXT)` (zod/mini) or `.check(...LINE_TEXT)` (classic). */
export const LINE_TEXT = checksFor("line");
/** The checks of a textarea: line breaks and tabs allowed. */
export const LINES_TEXT = checksFor("lines");
