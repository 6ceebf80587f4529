import type { Translations } from "~/i18n/localized";
import type { SettingsTranslations } from "./translations";

// What an edition keeps once it is archived: anonymous figures and its public content as it
// stood. No person's data: `/editions` shows these for years, long after the retention purge.

/** The edition's name ("First edition") in the site's other languages. */
export type EditionTranslations = Translations<"name">;

/** Counts only. `lgas` is keyed "State / Local government". */
export type EditionFigures = {
  registered: number;
  attended: number;
  cancelled: number;
  waitlisted: number;
  gender: Record<string, number>;
  states: Record<string, number>;
  lgas: Record<string, number>;
};

type ArchivedTranslations = Record<string, Record<string, string> | undefined>;

export type ArchivedPerson = {
  name: string;
  title: string;
  bio: string;
  image_url: string;
  speaker_type?: string;
  translations: ArchivedTranslations;
};

type ArchivedAgendaItem = {
  time: string;
  title: string;
  description: string;
  speaker_name: string;
  translations: ArchivedTranslations;
};

export type ArchivedPartner = { name: string; logo_url: string; website_url: string };

export type EditionContent = {
  event_name: string;
  about: string;
  guest_of_honor: { name: string; title: string; image_url: string };
  /** The about text, venue and guest of honour's title in other languages. */
  translations: SettingsTranslations;
  speakers: ArchivedPerson[];
  special_guests: ArchivedPerson[];
  agenda: ArchivedAgendaItem[];
  partners: ArchivedPartner[];
};
