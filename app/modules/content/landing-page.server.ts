import type { DbOrTx } from "~/db/client.server";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import { localized } from "~/i18n/localized";
import { editionName } from "~/modules/settings/edition-name";
import { eventLengthInHours, formatEventHours } from "~/modules/settings/event-hours";
import { countdown } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { parseObjectives } from "~/modules/settings/objectives";
import { registrationStatus } from "~/modules/settings/registration-status";
import { isSetUp } from "~/modules/settings/settings.server";
import { getPublicContent } from "./public-content.server";
import { isPublicSpeaker, parseSpeakerFilter } from "./speaker-types";

/** Logos show LOGO_HEIGHT px high at their own proportions; unknown ones (an external address) get a 15:8 box. */
const LOGO_HEIGHT = 64;
export function logoWidth(size: { width: number; height: number } | undefined, height = LOGO_HEIGHT, unknown = 120): number {
  return size && size.height > 0 ? Math.max(1, Math.round((height * size.width) / size.height)) : unknown;
}

/**
 * The site's logo in the 32 px high header, at its own proportions: a square one 32 wide, a wide
 * one up to 120 (wider still, it is fitted inside that box, never squeezed).
 */
const HEADER_LOGO_HEIGHT = 32;
function headerLogoWidth(size: { width: number; height: number } | undefined): number {
  return Math.min(120, logoWidth(size, HEADER_LOGO_HEIGHT, HEADER_LOGO_HEIGHT));
}

/**
 * Everything the landing page shows, stripped of what it does not: the cached public
 * content, the registration status and the countdown as of now, and the speaker filter
 * from the URL (`?type=Keynote`, so the filters work as plain links). The organisers' texts
 * come in `language` where they gave one (English otherwise); the cache holds every language.
 */
export async function landingPage(db: DbOrTx, typeParam: string | null, language: Language = DEFAULT_LANGUAGE, now = new Date()) {
  const content = await getPublicContent(db);
  const settings = localizedSettings(content.settings, language);
  const status = registrationStatus(
    { ...settings, held_seats: content.heldSeats, walk_ins: content.walkIns, door_shares: content.doorShares },
    now,
  );
  // Strip what the page does not show: less HTML and JSON over a costly connection.
  const person = (p: (typeof content.speakers)[number] | (typeof content.specialGuests)[number]) => ({
    id: p.id,
    name: p.name,
    title: localized(p, "title", language),
    bio: localized(p, "bio", language),
    image_url: p.image_url,
  });
  return {
    // False on a fresh install until an organiser saves the settings: the page then says "coming soon".
    setUp: isSetUp(content.settings),
    event: {
      name: settings.event_name,
      edition: editionName(content.edition, language),
      date: settings.event_date,
      time: formatEventHours(settings),
      // What the countdown ticks towards in the browser.
      when: { event_date: settings.event_date, event_starts_at: settings.event_starts_at, event_ends_at: settings.event_ends_at },
      venue: settings.venue || SETTINGS_DEFAULTS.venue,
      about: settings.about || SETTINGS_DEFAULTS.about,
      logoUrl: settings.logo_url,
      logoWidth: headerLogoWidth(content.logoSizes.get(settings.logo_url)),
      contactEmail: settings.contact_email || SETTINGS_DEFAULTS.contact_email,
      contactPhone: settings.contact_phone || SETTINGS_DEFAULTS.contact_phone,
    },
    guest: { name: settings.guest_of_honor_name, title: settings.guest_of_honor_title, imageUrl: settings.guest_of_honor_image_url },
    social: { facebook: settings.facebook_url, twitter: settings.twitter_url, instagram: settings.instagram_url },
    countdown: countdown(now, settings),
    status: { isOpen: status.isOpen, message: status.message, spotsRemaining: status.spotsRemaining, waitlist: status.state === "full" },
    // Hidden below the number the organisers chose: a launch-day "0 Registered" says nobody comes.
    registeredCount: settings.registered_count >= settings.public_count_from ? settings.registered_count : null,
    // The fourth figure (Event Settings); its label empty: the site's own words in each language.
    highlight: settings.highlight_value.trim() ? { value: settings.highlight_value.trim(), label: settings.highlight_label.trim() } : null,
    // The organisers' objectives in the visitor's language; null (left empty): the site's own three.
    objectives: parseObjectives(settings.objectives),
    hours: eventLengthInHours(settings),
    speakers: content.speakers.map((s) => ({ ...person(s), speaker_type: s.speaker_type, created_at: s.created_at })),
    specialGuests: content.specialGuests.map((g) => ({ ...person(g), created_at: g.created_at })),
    // Free speaker text wins over the linked speaker, whose current name shows otherwise.
    agenda: content.agenda.map((item) => ({
      id: item.id,
      time: item.time,
      title: localized(item, "title", language),
      description: localized(item, "description", language),
      speaker: item.speaker_name || item.speaker?.name || "",
    })),
    partners: content.partners.map((p) => ({
      id: p.id,
      name: p.name,
      logo_url: p.logo_url,
      website_url: p.website_url,
      logo_width: logoWidth(content.logoSizes.get(p.logo_url)),
    })),
    publicSpeakerCount: content.speakers.filter(isPublicSpeaker).length,
    filter: parseSpeakerFilter(typeParam),
  };
}
