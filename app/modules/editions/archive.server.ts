import { desc, isNotNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { ArchivedPartner, ArchivedPerson } from "~/db/edition-archive";
import { editions } from "~/db/schema";
import type { SettingsTranslations } from "~/db/translations";
import type { Language } from "~/i18n/languages";
import { localized } from "~/i18n/localized";
import { logoWidth } from "~/modules/content/landing-page.server";
import { ORGANIZER_TYPES } from "~/modules/content/speaker-types";
import { imageSizes } from "~/modules/media/media.server";
import { formatEventDate, hasEventPassed } from "~/modules/settings/event-time";
import type { EventSettings } from "~/modules/settings/settings.server";
import { figureCounts } from "./figures";

// What /editions shows: the archived editions, newest first, each as it was. Read from the
// `editions` rows alone (plus the stored logos' proportions): no person's table, so the page
// is as cheap and as anonymous as the landing page. Only the parts of the archive the page
// shows leave the database; the agenda, the about text and the breakdowns stay there.

/** A jsonb array in the archive, or an empty one where an older archive lacks it. */
const jsonArray = <T>(path: SQL) => sql<T[]>`coalesce(${path}, '[]'::jsonb)`;

async function archivedRows(db: DbOrTx) {
  return db
    .select({
      id: editions.id,
      name: editions.name,
      translations: editions.translations,
      event_date: editions.event_date,
      venue: editions.venue,
      // The venue's translations are the settings' as they were.
      content_translations: sql<SettingsTranslations | null>`${editions.content}->'translations'`,
      registered: sql<number>`coalesce((${editions.figures}->>'registered')::int, 0)`,
      attended: sql<number>`coalesce((${editions.figures}->>'attended')::int, 0)`,
      states: sql<Record<string, number> | null>`${editions.figures}->'states'`,
      speakers: jsonArray<ArchivedPerson>(sql`${editions.content}->'speakers'`),
      special_guests: jsonArray<ArchivedPerson>(sql`${editions.content}->'special_guests'`),
      partners: jsonArray<ArchivedPartner>(sql`${editions.content}->'partners'`),
    })
    .from(editions)
    .where(isNotNull(editions.archived_at))
    .orderBy(desc(editions.id));
}

type Row = Awaited<ReturnType<typeof archivedRows>>[number];

/** Hosts first, as the landing page's Organizers cards came before its speakers; then speakers, then guests. */
function people(row: Row, language: Language) {
  const rank = (p: ArchivedPerson) => {
    const organizer = (ORGANIZER_TYPES as readonly string[]).indexOf(p.speaker_type ?? "");
    return organizer === -1 ? ORGANIZER_TYPES.length : organizer;
  };
  const speakers = row.speakers.map((p) => ({ p, badge: p.speaker_type || "Speaker" })).sort((a, b) => rank(a.p) - rank(b.p));
  const guests = row.special_guests.map((p) => ({ p, badge: "Special Guest" }));
  return [...speakers, ...guests].map(({ p, badge }, i) => ({
    id: `${row.id}-${i}`,
    name: p.name,
    title: localized({ title: p.title ?? "", translations: p.translations ?? {} }, "title", language),
    image_url: p.image_url ?? "",
    badge,
  }));
}

export type PastEdition = Awaited<ReturnType<typeof pastEditions>>[number];

/** Every archived edition, newest first, with its texts in `language` and its date written out. */
export async function pastEditions(db: DbOrTx, language: Language) {
  const rows = await archivedRows(db);
  const sizes = await imageSizes(
    db,
    rows.flatMap((row) => row.partners.map((p) => p.logo_url)),
  );
  return rows.map((row) => ({
    id: row.id,
    name: localized({ name: row.name, translations: row.translations }, "name", language),
    // The check constraint makes an archived edition's date present; the fallback is for the type.
    dateLabel: row.event_date ? formatEventDate(row.event_date, language) : "",
    venue: localized({ venue: row.venue ?? "", translations: row.content_translations ?? {} }, "venue", language),
    counts: figureCounts({ registered: row.registered, attended: row.attended, states: row.states ?? {} }),
    people: people(row, language),
    partners: row.partners.map((p, i) => ({
      id: `${row.id}-${i}`,
      name: p.name,
      logo_url: p.logo_url ?? "",
      website_url: p.website_url ?? "",
      logo_width: logoWidth(sizes.get(p.logo_url)),
    })),
  }));
}

/**
 * The /editions page's data. With no edition archived yet, it says when the first one is (or
 * was: it has been held but not yet archived), from the settings the root loader already read.
 */
export async function editionsPage(
  db: DbOrTx,
  settings: Pick<EventSettings, "event_date" | "event_starts_at" | "event_ends_at">,
  language: Language,
  now: Date | number = Date.now(),
) {
  const past = await pastEditions(db, language);
  const first =
    past.length > 0
      ? null
      : {
          dateLabel: formatEventDate(settings.event_date, language),
          held: hasEventPassed(now, settings),
        };
  return { editions: past, first };
}
