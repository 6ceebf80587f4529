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

/** Something written with a scheme ("https:", "javascript:", "mailto:"): left as it is, to be judged. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;
/** A host name with a dot (Unicode letters allowed), then an optional port and path: "www.mtn.ng", "mtn.ng/about". */
const BARE_HOST =
  /^(?:\/\/)?[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+(?::\d{1,5})?(?:[/?#]\S*)?$/u;

/**
 * A web address as organisers write it, completed: "www.mtn.ng" and "mtn.ng/about" get https://
 * in front (what a browser's address bar would do) instead of being refused. Anything with a
 * scheme, or that is no host name, is left for the check to judge.
 */
export function completeWebAddress(value: string): string {
  if (value === "" || HAS_SCHEME.test(value) || !BARE_HOST.test(value)) return value;
  return `https://${value.replace(/^\/\//, "")}`;
}

/** A link visitors may follow: http(s) only, never javascript: or data:; a bare host name gets https://. */
export const webAddress = optionalText(2000)
  .transform(completeWebAddress)
  .refine((value) => value === "" || isHttpUrl(value), "Please enter a website address, such as www.example.org or https://example.org");
