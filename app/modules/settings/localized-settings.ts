import type { Language } from "~/i18n/languages";
import { localizedRow } from "~/i18n/localized";
import type { EventSettings } from "./settings.server";

// The settings' texts visitors read, in their language: the about text, the venue and the
// guest of honour's title and the fourth figure's label (names never change). Pure and client-safe; for the landing page,
// /register and the e-mails (the venue on a ticket).

const TRANSLATED_SETTINGS = ["about", "venue", "guest_of_honor_title", "highlight_label"] as const;

/** The settings with their visitor-facing texts in `language` (English where none is given). */
export function localizedSettings<S extends Pick<EventSettings, (typeof TRANSLATED_SETTINGS)[number] | "translations">>(
  settings: S,
  language: Language,
): S {
  return localizedRow(settings, TRANSLATED_SETTINGS, language);
}
