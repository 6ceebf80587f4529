import { count } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { EditionFigures } from "~/db/edition-archive";
import { agenda, partners, speakers, special_guests } from "~/db/schema";
import { type CurrentEdition, currentEdition } from "~/modules/settings/current-edition.server";
import { hasEventPassed } from "~/modules/settings/event-time";
import { earliestPurgeAfterChange, purgeDate, retentionDeadline } from "~/modules/settings/purge-schedule";
import { personalDataPurged, purgeNotBefore } from "~/modules/settings/purge-schedule.server";
import { type EventSettings, getSettings } from "~/modules/settings/settings.server";
import { editionFigures } from "./edition-snapshot.server";
import { type CarryOverKind, suggestEditionNames } from "./schemas";

/** Settings' rule for a date change (KeepsItsDate): the edition has concluded and had people, so it keeps its date. */
export async function concludedWithPeople(db: DbOrTx, settings: EventSettings, now: Date): Promise<boolean> {
  return (await editionConcluded(db, settings, now)).hasPeople;
}

/** Has the current edition concluded, and did anyone take part in it (registered, cancelled or waited)? */
async function editionConcluded(db: DbOrTx, settings: EventSettings, now: Date) {
  const concluded = hasEventPassed(now, settings);
  const figures = concluded ? await editionFigures(db) : null;
  const hasPeople = figures !== null && figures.registered + figures.cancelled + figures.waitlisted > 0;
  return { concluded, hasPeople, figures };
}

export type NextEditionPreview = {
  edition: CurrentEdition;
  settings: Pick<
    EventSettings,
    | "edition_id"
    | "event_name"
    | "event_date"
    | "event_starts_at"
    | "event_ends_at"
    | "venue"
    | "max_attendees"
    | "retention_days"
    | "feedback_days"
    | "certificate_valid_days"
  >;
  concluded: boolean;
  /** the purge of personal data has run for the event date */
  purged: boolean;
  figures: EditionFigures | null;
  /** when the concluded edition's personal data will be deleted, as set now */
  purgeAt: Date;
  content: Record<CarryOverKind, number>;
  suggested: { name: string; name_ha: string };
};

/** What the new-edition form shows and its confirmation says: the edition that ends, and what it holds. */
export async function nextEditionPreview(db: DbOrTx, now: Date): Promise<NextEditionPreview> {
  const settings = await getSettings(db);
  const [edition, state, counts, notBefore, purged] = await Promise.all([
    currentEdition(db),
    editionConcluded(db, settings, now),
    contentCounts(db),
    purgeNotBefore(db, settings.edition_id),
    personalDataPurged(db, settings),
  ]);
  const present = (text: string) => (text.trim() === "" ? 0 : 1);
  return {
    edition,
    settings,
    concluded: state.concluded,
    purged,
    figures: state.figures,
    // Archived now, its people are deleted at its retention deadline, never within a week of now.
    purgeAt: purgeDate(purgeDate(retentionDeadline(settings), earliestPurgeAfterChange(now)), notBefore),
    content: {
      ...counts,
      about: present(settings.about),
      contacts: present(settings.contact_email) + present(settings.contact_phone),
      guest_of_honor: present(settings.guest_of_honor_name),
    },
    suggested: suggestEditionNames(edition.id + 1),
  };
}

async function contentCounts(db: DbOrTx) {
  const n = async (table: typeof speakers | typeof special_guests | typeof agenda | typeof partners) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [s, g, a, p] = await Promise.all([n(speakers), n(special_guests), n(agenda), n(partners)]);
  return { speakers: s, special_guests: g, agenda: a, partners: p };
}

/**
 * What Event Settings and Event Operations offer once the current edition is over and had people:
 * starting the next. An edition nobody registered for (a fresh site on its default date) just
 * takes a new date.
 */
export async function nextEditionOffer(db: DbOrTx, now: Date): Promise<{ edition: string; eventDate: string } | null> {
  const settings = await getSettings(db);
  if (!(await editionConcluded(db, settings, now)).hasPeople) return null;
  return { edition: (await currentEdition(db)).name, eventDate: settings.event_date };
}
