import sharp from "sharp";
import type { Db } from "~/db/client.server";
import { createArchivedEdition, createAttendee } from "~/db/factories";
import { createAdmin } from "~/modules/auth/accounts.server";
import { storeImage } from "~/modules/media/media.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { PAST_EDITION } from "./past-edition";

// What an e2e site is given before its server starts (e2e-prepare-site.ts runs these in one
// process, on the site's own database).

export type SiteAccount = { email: string; name: string; role?: "organiser" | "checkin"; password: string };

export async function addAccounts(db: Db, accounts: SiteAccount[]): Promise<void> {
  for (const account of accounts) await createAdmin(db, account);
}

/**
 * A fresh database carries the default event date, 12 August 2025, which is past: registration
 * would be closed. An organiser would set the coming date in Event Settings; this does the same,
 * 30 days ahead in Africa/Lagos. Every test registers from 127.0.0.1, which a real site would
 * take for one network registering faster than people do, and hold (booking-protection/hold-decision.server.ts):
 * the attack suite keeps the default rates (`holds: "default"`), the other tests set them out of reach.
 */
export async function setComingEvent(db: Db, holds?: "default"): Promise<string> {
  const lagosToday = new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 10);
  const eventDate = new Date(Date.parse(`${lagosToday}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  const rates =
    holds === "default" ? {} : { hold_network_per_minute: 10_000, hold_domain_per_10_minutes: 10_000, hold_overall_per_minute: 10_000 };
  await updateSettings(db, { event_date: eventDate, ...rates });
  return eventDate;
}

export type SeededAttendee = { full_name: string; email: string; phone: string; ticket_id: string; invite_code: string };

/** `count` attendees named "Seeded Person 001"…, for tests that need people to find. */
export async function seedAttendees(db: Db, count: number): Promise<SeededAttendee[]> {
  const people: SeededAttendee[] = [];
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(3, "0");
    const row = await createAttendee(db, { full_name: `Seeded Person ${n}`, email: `seeded-${n}@example.org` });
    people.push({
      full_name: row.full_name,
      email: row.email ?? "",
      phone: row.phone,
      ticket_id: row.ticket_id,
      invite_code: row.invite_code,
    });
  }
  return people;
}

/** PAST_EDITION (past-edition.ts): an archived edition with a speaker's photo and a partner's logo, as "Start the Next Edition" would leave it. */
export async function seedPastEdition(db: Db): Promise<void> {
  const image = async (width: number, height: number, background: string) => {
    const bytes = await sharp({ create: { width, height, channels: 3, background } })
      .jpeg()
      .toBuffer();
    return (await storeImage(db, { type: "image/jpeg", size: bytes.length, bytes })).url;
  };
  const photo = await image(400, 400, "#b45309");
  const logo = await image(600, 200, "#166534");
  const { speaker, partner } = PAST_EDITION;
  await createArchivedEdition(db, {
    name: PAST_EDITION.name,
    translations: { ha: { name: PAST_EDITION.hausaName } },
    event_date: PAST_EDITION.eventDate,
    venue: PAST_EDITION.venue,
    figures: PAST_EDITION.figures,
    content: {
      translations: { ha: { venue: PAST_EDITION.hausaVenue } },
      speakers: [
        {
          name: speaker.name,
          title: speaker.title,
          bio: "",
          image_url: photo,
          speaker_type: "Keynote",
          translations: { ha: { title: speaker.hausaTitle } },
        },
      ],
      partners: [{ name: partner.name, logo_url: logo, website_url: partner.website }],
    },
    media_urls: [photo, logo],
  });
}
