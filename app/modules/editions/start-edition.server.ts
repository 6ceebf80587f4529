import { eq, isNotNull, sql } from "drizzle-orm";
import { invalidatePublicContent } from "~/cache/public-content-generation";
import type { Db, DbOrTx } from "~/db/client.server";
import type { EditionTranslations } from "~/db/edition-archive";
import { personColumns } from "~/db/person-columns";
import {
  agenda,
  attendees,
  cancelled_registrations,
  door_walk_in_shares,
  editions,
  event_settings,
  feedback,
  held_registrations,
  outreach_visits,
  partners,
  past_registrations,
  registration_surges,
  retained_stats,
  SETTINGS_ID,
  speakers,
  special_guests,
  waitlist,
} from "~/db/schema";
import type { SettingsTranslations } from "~/db/translations";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { releaseImages } from "~/modules/media/upload.server";
import { eventStart, hasEventPassed } from "~/modules/settings/event-time";
import { forgetEditionJobs, personalDataPurged } from "~/modules/settings/purge-schedule.server";
import { getSettings } from "~/modules/settings/settings.server";
import { contentImages, editionContent, editionFigures } from "./edition-snapshot.server";
import type { CarryOver, NextEditionInput } from "./schemas";

// "Start the Next Edition": the concluded edition is archived (its anonymous figures and its
// public content as it stood), its people move to past_registrations, and the new edition
// becomes current with no registrations, all in one transaction under the settings lock that
// every seat-changing write takes first. A registration racing it lands wholly before (and
// moves with its edition) or wholly after (in the new one).

export type StartEditionResult =
  | { ok: true; edition: { id: number; name: string } }
  | { ok: false; reason: "not-concluded" | "date-not-future" };

// The person columns a registration, a cancellation and a waitlist entry share with past_registrations.
const PERSON_COLUMNS = Object.keys(personColumns());
const PERSON = sql.raw(PERSON_COLUMNS.join(", "));

export async function startNextEdition(db: Db, actor: AuditActor, input: NextEditionInput, now = new Date()): Promise<StartEditionResult> {
  if (eventStart(input).getTime() <= now.getTime()) return { ok: false, reason: "date-not-future" };
  const result = await db.transaction(async (tx): Promise<StartEditionResult> => {
    await tx.select({ id: event_settings.id }).from(event_settings).where(eq(event_settings.id, SETTINGS_ID)).for("update");
    const settings = await getSettings(tx);
    if (!hasEventPassed(now, settings)) return { ok: false, reason: "not-concluded" };
    // Readers go on; no other writer slips a row in between the figures and the move.
    await tx.execute(sql`lock table ${attendees}, ${cancelled_registrations}, ${waitlist}, ${held_registrations} in exclusive mode`);
    const concluded = settings.edition_id;
    const figures = await editionFigures(tx);
    const content = await editionContent(tx, settings);
    const alreadyPurged = await personalDataPurged(tx, settings);
    await tx
      .update(editions)
      .set({
        event_date: settings.event_date,
        event_starts_at: settings.event_starts_at,
        event_ends_at: settings.event_ends_at,
        venue: settings.venue,
        max_attendees: settings.max_attendees,
        archived_at: now,
        figures,
        content,
        media_urls: contentImages(content),
        retention_days: settings.retention_days,
        // Its survey's closing day, as its certificates' e-mails announced it (feedback/past-survey.server.ts).
        feedback_days: settings.feedback_days,
        purged_at: alreadyPurged ? now : null,
      })
      .where(eq(editions.id, concluded));
    const moved = await movePeople(tx, concluded);
    const edition = { id: concluded + 1, name: input.name };
    const translations: EditionTranslations = input.name_ha ? { ha: { name: input.name_ha } } : {};
    await tx.insert(editions).values({ id: edition.id, name: input.name, translations, started_at: now });
    const released = await resetContent(tx, input.keep);
    await tx
      .update(event_settings)
      .set({
        edition_id: edition.id,
        event_name: input.event_name,
        event_date: input.event_date,
        event_starts_at: input.event_starts_at,
        event_ends_at: input.event_ends_at,
        venue: input.venue,
        max_attendees: input.max_attendees,
        ...(input.keep.about ? {} : { about: "" }),
        ...(input.keep.contacts ? {} : { contact_email: "", contact_phone: "" }),
        ...(input.keep.guest_of_honor ? {} : { guest_of_honor_name: "", guest_of_honor_title: "", guest_of_honor_image_url: "" }),
        translations: carriedTranslations(settings.translations, settings.venue !== input.venue, input.keep),
        updated_at: now,
      })
      .where(eq(event_settings.id, SETTINGS_ID));
    await forgetEditionJobs(tx);
    if (!input.keep.guest_of_honor) released.push(settings.guest_of_honor_image_url);
    await releaseImages(tx, released);
    await recordAudit(tx, actor, {
      action: "edition.start",
      entity: "edition",
      entityId: String(edition.id),
      details: { concluded, name: input.name, eventDate: input.event_date, kept: keptList(input.keep), ...moved },
    });
    return { ok: true, edition };
  });
  if (result.ok) invalidatePublicContent();
  return result;
}

/** The concluded edition's people into past_registrations, then out of the live tables. */
async function movePeople(tx: DbOrTx, edition: number) {
  const registrations = await tx.execute(sql`
    insert into ${past_registrations} (id, edition_id, outcome, ${PERSON}, ticket_id, registered_at, checked_in_at)
    select a.id, ${edition}, case when c.created_at is null then 'registered' else 'attended' end,
      ${sql.raw(personOf("a"))}, a.ticket_id, a.created_at, c.created_at
    from ${attendees} a left join check_ins c on c.attendee_id = a.id`);
  await tx.execute(sql`
    insert into ${past_registrations} (id, edition_id, outcome, ${PERSON}, ticket_id, registered_at, cancelled_at)
    select id, ${edition}, 'cancelled', ${PERSON}, ticket_id, registered_at, cancelled_at from ${cancelled_registrations}`);
  // A claimed offer became a registration, which moved above.
  await tx.execute(sql`
    insert into ${past_registrations} (id, edition_id, outcome, ${PERSON}, registered_at)
    select id, ${edition}, 'waitlisted', ${PERSON}, joined_at from ${waitlist} where status <> 'claimed'`);
  await tx.delete(waitlist);
  await tx.delete(cancelled_registrations);
  // Unconfirmed holds were for the concluded edition: confirming one now would book the next.
  const held = await tx.delete(held_registrations).returning({ id: held_registrations.id });
  await tx.delete(registration_surges);
  // Survey answers follow their writer to past_registrations: a late answer then replaces theirs,
  // and the past edition's purge (or an erasure) unlinks them by the foreign key, as it did here.
  await tx
    .update(feedback)
    .set({ past_registration_id: sql`${feedback.attendee_id}` })
    .where(isNotNull(feedback.attendee_id));
  // Check-ins and reminders go with their registration (cascade); the triggers bring the seat counter to 0.
  await tx.delete(attendees);
  // The seats door phones held for offline walk-ins were this edition's: the next one grants its own.
  await tx.delete(door_walk_in_shares);
  // The retained counts are in the archived figures now; the new edition's start from nothing.
  await tx.delete(retained_stats);
  // So do the tracked links' visits (the sources stay: a poster on a wall keeps working).
  await tx.delete(outreach_visits);
  return { moved: rowCount(registrations), heldDropped: held.length };
}

function personOf(alias: string): string {
  return PERSON_COLUMNS.map((column) => `${alias}.${column}`).join(", ");
}

function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Empties the kinds of content the organiser chose not to keep; returns the images they showed. */
async function resetContent(tx: DbOrTx, keep: CarryOver): Promise<string[]> {
  const images: string[] = [];
  if (!keep.speakers) images.push(...(await tx.delete(speakers).returning({ url: speakers.image_url })).map((r) => r.url));
  if (!keep.special_guests)
    images.push(...(await tx.delete(special_guests).returning({ url: special_guests.image_url })).map((r) => r.url));
  if (!keep.agenda) await tx.delete(agenda);
  if (!keep.partners) images.push(...(await tx.delete(partners).returning({ url: partners.logo_url })).map((r) => r.url));
  return images;
}

/** The settings' translations for the new edition: a new venue's old Hausa name, and what was emptied, go. */
function carriedTranslations(translations: SettingsTranslations, venueChanged: boolean, keep: CarryOver): SettingsTranslations {
  const carried: SettingsTranslations = {};
  for (const [language, fields] of Object.entries(translations) as [keyof SettingsTranslations, Record<string, string>][]) {
    const { venue, about, guest_of_honor_title, ...rest } = fields ?? {};
    const kept = {
      ...rest,
      ...(venue && !venueChanged ? { venue } : {}),
      ...(about && keep.about ? { about } : {}),
      ...(guest_of_honor_title && keep.guest_of_honor ? { guest_of_honor_title } : {}),
    };
    if (Object.keys(kept).length > 0) carried[language] = kept;
  }
  return carried;
}

function keptList(keep: CarryOver): string[] {
  return (Object.keys(keep) as (keyof CarryOver)[]).filter((kind) => keep[kind]);
}
