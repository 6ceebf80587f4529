import { z } from "zod";
import { LINE_TEXT, LINES_TEXT } from "~/db/text";
import { TRANSLATION_LANGUAGES, type Translations, withoutBlanks } from "~/i18n/localized";

// The building blocks of every admin form's schema (content, settings, …): one schema for the
// form in the browser and the action on the server, so nothing here may import server code.

export const REQUIRED_MESSAGE = "Please fill in all required fields";

const tooLong = (max: number) => `Please keep this under ${max} characters`;

// Every text goes through the one text rule (~/db/text): one line unless the form has a textarea
// (`LINES_TEXT`), no control characters, stored NFC. Settings' schema builds its texts here too.
export const requiredText = (max: number, text = LINE_TEXT) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .check(...text)
    .min(1, REQUIRED_MESSAGE)
    .max(max, tooLong(max));

// Conform hands empty inputs over as undefined; the database wants ''.
export const optionalText = (max: number, text = LINE_TEXT) =>
  z
    .string()
    .trim()
    .check(...text)
    .max(max, tooLong(max))
    .optional()
    .default("");

/**
 * A form's optional versions of its `fields` in the other languages, posted as
 * `translations.ha.bio` (Conform nests them), each with its English field's length limit and
 * the same text rule (`lines`: the fields that are textareas).
 * Unknown languages and fields are dropped; blank ones are not kept (see withoutBlanks).
 */
export function translationsSchema<F extends string>(limits: Record<F, number>, lines: readonly NoInfer<F>[] = []) {
  const text = (field: F, max: number) =>
    z
      .string()
      .trim()
      .check(...(lines.includes(field) ? LINES_TEXT : LINE_TEXT))
      .max(max, tooLong(max))
      .optional();
  const fields = z.object(Object.fromEntries(Object.entries<number>(limits).map(([field, max]) => [field, text(field as F, max)])));
  const languages = z.object(Object.fromEntries(TRANSLATION_LANGUAGES.map(({ code }) => [code, fields.optional()])));
  return languages.optional().transform((value): Translations<F> => withoutBlanks<F>(value as Parameters<typeof withoutBlanks>[0]));
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

// Image URLs end up in <img src>: only our own media paths or http(s) addresses,
// never javascript: or data: URLs.
export const imageUrl = optionalText(2000).refine(
  (value) => value === "" || (value.startsWith("/") && !value.startsWith("//")) || isHttpUrl(value),
  "Please upload a valid image",
);

/** A link visitors may follow: http(s) only, never javascript: or data:. */
export const webAddress = optionalText(2000).refine(
  (value) => value === "" || isHttpUrl(value),
  "Please enter a website address starting with http:// or https://",
);
