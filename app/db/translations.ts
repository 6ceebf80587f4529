import type { Translations } from "~/i18n/localized";

// The organisers' texts in the site's other languages, kept beside the English columns as
// `{ "ha": { "bio": "…" } }`: a new language is a line in LANGUAGES, never a new column.
// A field left out (or a language left out) reads as the English text (i18n/localized.ts,
// where the shape `Translations` itself lives, below the database).

/** Which fields each table translates: names (people, partners, the event) never are. */
export type SpeakerTranslations = Translations<"title" | "bio">;
export type AgendaTranslations = Translations<"title" | "description">;
export type SettingsTranslations = Translations<
  "about" | "venue" | "guest_of_honor_title" | "highlight_label" | "objectives" | "certificate_signer_title"
>;
