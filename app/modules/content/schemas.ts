import { z } from "zod";
import { LINE_TEXT, LINES_TEXT } from "~/db/text";
import { imageUrl, optionalText, requiredText, translationsSchema, webAddress } from "~/forms/field-schemas";
import { ORGANIZER_TYPES, PUBLIC_SPEAKER_TYPES } from "./speaker-types";

// One set of schemas for the admin forms in the browser and the actions on the
// server, so nothing here may import server code.

/** What the admin form offers; a subset of the database's speaker_type check. */
export const SPEAKER_FORM_TYPES = [...ORGANIZER_TYPES, ...PUBLIC_SPEAKER_TYPES] as const;

/** A write's input: a form always gives translations; other writers (demo, tests) may leave them out (kept on an update). */
type TranslationsOptional<T extends { translations: unknown }> = Omit<T, "translations"> & Partial<Pick<T, "translations">>;

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
