import { z } from "zod";
import { LINE_TEXT, LINES_TEXT } from "~/db/text";
import type { Translations } from "~/db/translations";
import { TRANSLATION_LANGUAGES, withoutBlanks } from "./localized";
import { ORGANIZER_TYPES, PUBLIC_SPEAKER_TYPES } from "./speaker-types";

// One set of schemas for the admin forms in the browser and the actions on the
// server, so nothing here may import server code.

export const REQUIRED_MESSAGE = "Please fill in all required fields";

/** What the admin form offers; a subset of the database's speaker_type check. */
export const SPEAKER_FORM_TYPES = [...ORGANIZER_TYPES, ...PUBLIC_SPEAKER_TYPES] as const;

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

/** A write's input: a form always gives translations; other writers (demo, tests) may leave them out (kept on an update). */
type TranslationsOptional<T extends { translations: unknown }> = Omit<T, "translations"> & Partial<Pick<T, "translations">>;

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

export const speakerSchema = z.object({
  name: requiredText(120),
  title: requiredText(200),
  speaker_type: z.enum(SPEAKER_FORM_TYPES, { error: "Please select a speaker type" }).default("Speaker"),
  bio: optionalText(2000, LINES_TEXT),
  image_url: imageUrl,
  translations: translationsSchema({ title: 200, bio: 2000 }, ["bio"]),
});
export type SpeakerInput = TranslationsOptional<z.output<typeof speakerSchema>>;

export const specialGuestSchema = z.object({
  name: requiredText(120),
  title: requiredText(200),
  bio: optionalText(2000, LINES_TEXT),
  image_url: imageUrl,
  translations: translationsSchema({ title: 200, bio: 2000 }, ["bio"]),
});
export type SpecialGuestInput = TranslationsOptional<z.output<typeof specialGuestSchema>>;

export const agendaItemSchema = z.object({
  time: requiredText(40),
  title: requiredText(200),
  // A linked speaker (their current name shows) or free text, or both: text wins.
  speaker_id: z
    .uuid({ error: "Please choose a speaker from the list" })
    .optional()
    .transform((id) => id ?? null),
  speaker_name: optionalText(200),
  description: optionalText(2000, LINES_TEXT),
  translations: translationsSchema({ title: 200, description: 2000 }, ["description"]),
});
export type AgendaItemInput = TranslationsOptional<z.output<typeof agendaItemSchema>>;

/** A link visitors may follow: http(s) only, never javascript: or data:. */
export const webAddress = optionalText(2000).refine(
  (value) => value === "" || isHttpUrl(value),
  "Please enter a website address starting with http:// or https://",
);

export const partnerSchema = z.object({
  name: requiredText(120),
  logo_url: imageUrl,
  website_url: webAddress,
});
export type PartnerInput = z.output<typeof partnerSchema>;

/** The list pages' small forms: Delete, Move up / Move down, and the drag-and-drop order (ids checked as uuids where used). */
const rowId = z.string().check(...LINE_TEXT);
export const contentListFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: rowId }),
  z.object({ intent: z.literal("move"), id: rowId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("reorder"), ids: z.array(rowId).max(5000) }),
  // Undo: the order as it was before the last change.
  z.object({ intent: z.literal("restore"), ids: z.array(rowId).max(5000) }),
  // The agenda only: its items by start time.
  z.object({ intent: z.literal("sort-time") }),
]);
