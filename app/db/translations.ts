import type { Language } from "~/i18n/languages";

// The organisers' texts in the site's other languages, kept beside the English columns as
// `{ "ha": { "bio": "…" } }`: a new language is a line in LANGUAGES, never a new column.
// A field left out (or a language left out) reads as the English text (content/localized.ts).

/** Translated fields `F` by language; only what the organisers gave, never blank strings. */
export type Translations<F extends string> = { [L in Language]?: { [K in F]?: string } };

/** Which fields each table translates: names (people, partners, the event) never are. */
export type SpeakerTranslations = Translations<"title" | "bio">;
export type AgendaTranslations = Translations<"title" | "description">;
export type SettingsTranslations = Translations<"about" | "venue" | "guest_of_honor_title">;
