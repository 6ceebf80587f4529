import { type Language, withLanguage } from "~/i18n/languages";
import { localizedSettings } from "~/modules/settings/localized-settings";
import type { EventSettings } from "~/modules/settings/settings.server";
import { eventJsonLd, jsonForScript } from "./event-json-ld";
import { shareImagePath, shareImageSpec } from "./share-image.server";

/**
 * The landing page's Event JSON-LD, ready for its <script type="application/ld+json">, in the
 * page's language: its texts, its address, its share image. Offered while registration is
 * open; sold out once it is full, closed or over (the waitlist is no ticket).
 */
export function landingStructuredData(settings: EventSettings, registrationOpen: boolean, language: Language, publicUrl: string): string {
  const local = localizedSettings(settings, language);
  const page = (path: string) => withLanguage(`${publicUrl}${path}`, language);
  return jsonForScript(
    eventJsonLd({
      name: local.event_name,
      description: local.about,
      eventDate: local.event_date,
      startsAt: local.event_starts_at,
      endsAt: local.event_ends_at,
      venue: local.venue,
      organiser: local.organiser_name,
      url: page("/"),
      registerUrl: page("/register"),
      image: `${publicUrl}${shareImagePath(shareImageSpec(settings, language, publicUrl))}`,
      soldOut: !registrationOpen,
      language,
    }),
  );
}
