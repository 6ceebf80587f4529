import type { EditionFigures } from "../../app/db/edition-archive";

// The archived edition a private site can start with (startPrivateSite({ pastEdition: true })),
// written by e2e-site-data.ts (seedPastEdition) before its server starts; a test reads what to expect here.
export const PAST_EDITION = {
  name: "2024 edition",
  hausaName: "Zagayen 2024",
  eventDate: "2024-08-10",
  venue: "Gusau Banquet Hall",
  hausaVenue: "Babban ɗakin taro na Gusau",
  figures: {
    registered: 1250,
    attended: 980,
    cancelled: 40,
    waitlisted: 12,
    gender: { female: 640, male: 610 },
    states: { Zamfara: 1100, Sokoto: 100, Kebbi: 50 },
    lgas: { "Zamfara / Gusau": 700 },
  } satisfies EditionFigures,
  speaker: { name: "Hauwa Abdullahi", title: "Director of Youth Programmes", hausaTitle: "Daraktar shirye-shiryen matasa" },
  partner: { name: "Zamfara State Ministry of Youth", website: "https://example.org/" },
} as const;
