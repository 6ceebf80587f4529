import { asc, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { EditionContent, EditionFigures } from "~/db/edition-archive";
import { agenda, partners, retained_stats, speakers, special_guests } from "~/db/schema";
import { liveCounts } from "~/modules/attendees/retention.server";
import type { EventSettings } from "~/modules/settings/settings.server";

// What an edition keeps when it is archived: anonymous figures, counted in SQL over the live
// tables plus what an earlier retention purge already reduced to counts, and its public
// content as it stands. Nothing here names a person.

type Count = { kind: string; key: string; n: number };

/** The current edition's figures: live rows and retained counts added, kind by kind. */
export async function editionFigures(db: DbOrTx): Promise<EditionFigures> {
  const result = (await db.execute(sql`
    select kind, key, sum(count)::int as n from (
      ${liveCounts()}
      union all select ${retained_stats.kind}, ${retained_stats.key}, ${retained_stats.count} from ${retained_stats}
    ) as counts group by kind, key`)) as unknown as { rows: Count[] };
  const figures: EditionFigures = { registered: 0, attended: 0, cancelled: 0, waitlisted: 0, gender: {}, states: {}, lgas: {} };
  const totals = { total: "registered", checked_in: "attended", cancelled: "cancelled", waitlist: "waitlisted" } as const;
  const groups = { gender: "gender", state: "states", lga: "lgas" } as const;
  for (const { kind, key, n } of result.rows) {
    if (kind in totals) figures[totals[kind as keyof typeof totals]] = n;
    else if (kind in groups && n > 0) figures[groups[kind as keyof typeof groups]][key] = n;
  }
  return figures;
}

/** The public content as visitors see it now, in the organisers' order. */
export async function editionContent(db: DbOrTx, settings: EventSettings): Promise<EditionContent> {
  // One after another: inside a transaction the queries share one connection.
  const speakerRows = await db.select().from(speakers).orderBy(asc(speakers.order_index), asc(speakers.created_at));
  const guestRows = await db.select().from(special_guests).orderBy(asc(special_guests.order_index), asc(special_guests.created_at));
  const agendaRows = await db.select().from(agenda).orderBy(asc(agenda.order_index), asc(agenda.created_at));
  const partnerRows = await db.select().from(partners).orderBy(asc(partners.order_index), asc(partners.created_at));
  return {
    event_name: settings.event_name,
    about: settings.about,
    guest_of_honor: {
      name: settings.guest_of_honor_name,
      title: settings.guest_of_honor_title,
      image_url: settings.guest_of_honor_image_url,
    },
    translations: settings.translations,
    speakers: speakerRows.map((s) => ({
      name: s.name,
      title: s.title,
      bio: s.bio,
      image_url: s.image_url,
      speaker_type: s.speaker_type,
      translations: s.translations,
    })),
    special_guests: guestRows.map((g) => ({
      name: g.name,
      title: g.title,
      bio: g.bio,
      image_url: g.image_url,
      translations: g.translations,
    })),
    agenda: agendaRows.map((a) => ({
      time: a.time,
      title: a.title,
      description: a.description,
      speaker_name: a.speaker_name,
      translations: a.translations,
    })),
    partners: partnerRows.map((p) => ({ name: p.name, logo_url: p.logo_url, website_url: p.website_url })),
  };
}

/** Every image the archived content shows, for the media sweep to keep. */
export function contentImages(content: EditionContent): string[] {
  const urls = [
    content.guest_of_honor.image_url,
    ...content.speakers.map((s) => s.image_url),
    ...content.special_guests.map((g) => g.image_url),
    ...content.partners.map((p) => p.logo_url),
  ];
  return [...new Set(urls.filter((url) => url !== ""))];
}
