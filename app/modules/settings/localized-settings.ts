import type { Language } from "~/i18n/languages";
import { localizedRow } from "~/i18n/localized";
import type { EventSettings } from "./settings.server";

// The settings' texts visitors read, in their language: the about text, the venue, the guest of
// honour's title, the fourth figure's label, the objectives and the certificate signer's title (names never
// change). Pure and client-safe; for the landing page, /register, the e-mails (the venue on a
// ticket) and the certificates.

const TRANSLATED_SETTINGS = [
  "about",
  "venue",
  "guest_of_honor_title",
  "highlight_label",
  "objectives",
  "certificate_signer_title",
] as const;

/** What localizedSettings needs of the settings row: the translated fields and their translations. */
export type TranslatedSettings = Pick<EventSettings, (typeof TRANSLATED_SETTINGS)[number] | "translations">;

/** The settings with their visitor-facing texts in `language` (English where none is given). */
export function localizedSettings<S extends TranslatedSettings>(settings: S, language: Language): S {
  return localizedRow(settings, TRANSLATED_SETTINGS, language);
}
