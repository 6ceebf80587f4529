import { type ClockTime, clockTime } from "~/modules/settings/event-hours";

// The landing page's schema.org Event for search engines (a result with the date, the place
// and "free"), as JSON-LD. Pure: the landing route gathers the facts (structured-data.server.ts).

export type EventFacts = {
  name: string;
  description: string;
  /** YYYY-MM-DD */
  eventDate: string;
  /** its hours in Lagos, "08:00:00" and "17:00:00" */
  startsAt: string;
  endsAt: string;
  venue: string;
  organiser: string;
  /** the page's own address (absolute) */
  url: string;
  /** where to register (absolute) */
  registerUrl: string;
  /** the share image (absolute) */
  image: string;
  /** no seat left to register for: full, closed or over */
  soldOut: boolean;
  language: string;
};

/** "2025-08-12T08:00:00+01:00": the event's clock in Lagos, which keeps UTC+1 all year. */
function lagosDateTime(date: string, time: ClockTime): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date}T${two(time.hour)}:${two(time.minute)}:00+01:00`;
}

export function eventJsonLd(facts: EventFacts): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: facts.name,
    description: facts.description,
    startDate: lagosDateTime(facts.eventDate, clockTime(facts.startsAt)),
    endDate: lagosDateTime(facts.eventDate, clockTime(facts.endsAt)),
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    eventStatus: "https://schema.org/EventScheduled",
    inLanguage: facts.language,
    location: {
      "@type": "Place",
      name: facts.venue,
      // The venue is the organisers' one line of text; the country is certain.
      address: { "@type": "PostalAddress", streetAddress: facts.venue, addressCountry: "NG" },
    },
    organizer: { "@type": "Organization", name: facts.organiser, url: facts.url },
    offers: {
      "@type": "Offer",
      price: 0,
      priceCurrency: "NGN",
      availability: facts.soldOut ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      url: facts.registerUrl,
    },
    url: facts.url,
    image: [facts.image],
  };
}

/**
 * JSON for a <script type="application/ld+json"> element: the organisers' texts cannot end
 * the element (`</script>`) or open a comment, as `<`, `>` and `&` are written as \u escapes,
 * which JSON reads back as the same characters; so are U+2028 and U+2029.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
