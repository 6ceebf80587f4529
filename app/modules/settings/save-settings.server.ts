import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { audit_log, event_settings, SETTINGS_ID } from "~/db/schema";
import { translator } from "~/i18n/translate.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { fieldChanges } from "~/modules/audit/changes";
import { releaseImages } from "~/modules/media/upload.server";
import { type Consequences, changeConsequences } from "./change-consequences";
import { currentEdition } from "./current-edition.server";
import { clockTime, formatClockTime } from "./event-hours";
import { eventEnd, eventStart, formatEventDate } from "./event-time";
import { SETTINGS_FIELD_LABELS } from "./field-labels";
import { defaultObjectivesText, objectivesToStore } from "./objectives";
import { earliestPurgeAfterChange, purgeDate, retentionDeadline } from "./purge-schedule";
import { keepPurgeAWeekAway, personalDataPurged, purgeNotBefore } from "./purge-schedule.server";
import type { SettingsInput } from "./schemas";
import { type EventSettings, getSettings, updateSettings } from "./settings.server";

/** JSON with sorted keys: jsonb keeps its own key order, not the one written. */
function canonical(value: Record<string, Record<string, string | undefined> | undefined>): string {
  return JSON.stringify(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([language, fields]) => [language, Object.entries(fields ?? {}).sort(([a], [b]) => a.localeCompare(b))]),
  );
}

/** The Activity log's mark on a date change that set a date already over: a typo, put right by a later date. */
const OVER_WHEN_SET = "overWhenSet";

/**
 * Whether the edition is over only because its date was typed into the past (the last change of
 * the event date moved it from ahead to over, and the purge has not run): then a later date puts
 * it right rather than carrying a concluded edition's people into the next one.
 */
async function overByAChange(tx: DbOrTx, before: { event_date: string }): Promise<boolean> {
  if (await personalDataPurged(tx, before)) return false;
  const [last] = await tx
    .select({ details: audit_log.details })
    .from(audit_log)
    .where(
      and(
        eq(audit_log.action, "settings.update"),
        sql`${audit_log.details} @> ${JSON.stringify({ changes: [{ field: "event_date" }] })}::jsonb`,
      ),
    )
    .orderBy(desc(audit_log.created_at))
    .limit(1);
  return last?.details[OVER_WHEN_SET] === true;
}

export type SaveSettingsResult =
  | { ok: true }
  | { ok: false; reason: "capacity"; registered: number }
  | { ok: false; reason: "concluded"; edition: string; eventDate: string }
  | ({ ok: false; reason: "confirm" } & Consequences);

/**
 * Whether the edition as saved before has concluded with people in it (registered, cancelled or
 * waiting), and so keeps its date. The editions module knows what an edition's people are; the
 * route hands its rule in, so settings never import editions (which import settings).
 */
export type KeepsItsDate = (tx: DbOrTx, before: EventSettings, now: Date) => Promise<boolean>;

export type SaveSettingsOptions = {
  /** The concluded-edition rule (editions' `concludedWithPeople`). */
  keepsItsDate: KeepsItsDate;
  /** Runs in the same transaction after the save (seats a raised capacity frees go to the waitlist first). */
  afterSave?: (tx: DbOrTx) => Promise<unknown>;
  /** The fingerprint of the consequences the organiser confirmed ("Yes, save …"). */
  confirmed?: string | null;
  now?: Date;
};

/** A value as the Activity log shows it: dates in words, texts in other languages by their content. */
function shown(field: keyof SettingsInput, value: unknown): string {
  if (field === "event_date" && typeof value === "string") return formatEventDate(value);
  if ((field === "event_starts_at" || field === "event_ends_at") && typeof value === "string") return formatClockTime(clockTime(value));
  if (field === "translations") return canonical((value ?? {}) as SettingsInput["translations"]);
  if (typeof value === "boolean") return value ? "on" : "off";
  return value === null || value === undefined ? "" : String(value);
}

/**
 * Saves the Event Settings form in one transaction. The settings row is locked first
 * (registration locks it too), so the capacity cannot drop below the registrations
 * that are counted at the same moment. Images nothing shows any more are removed.
 *
 * An edition that has concluded and had people keeps its date: moved into the future it would
 * carry them into next year's capacity, reminders and door. The next year is a new edition.
 */
/**
 * The site's own objectives, shown in the boxes to edit in place and sent back untouched, stay
 * the site's own (stored empty): a save of anything else changes nothing on the landing page and
 * writes no "Objectives" change in the Activity log.
 */
function withSiteOwnObjectives(input: SettingsInput): SettingsInput {
  const ha = input.translations.ha;
  const objectives = objectivesToStore(input.objectives, defaultObjectivesText(translator("en")));
  if (!ha?.objectives || objectivesToStore(ha.objectives, defaultObjectivesText(translator("ha"))) !== "") return { ...input, objectives };
  // Left out, as an empty field is (translationsSchema): a translation that is none.
  const { objectives: _siteOwn, ...otherHausa } = ha;
  const { ha: _hausa, ...otherLanguages } = input.translations;
  const translations = Object.keys(otherHausa).length > 0 ? { ...otherLanguages, ha: otherHausa } : otherLanguages;
  return { ...input, objectives, translations };
}

export function saveSettings(
  db: DbOrTx,
  actor: AuditActor,
  input: SettingsInput,
  { keepsItsDate, afterSave, confirmed, now = new Date() }: SaveSettingsOptions,
): Promise<SaveSettingsResult> {
  input = withSiteOwnObjectives(input);
  return db.transaction(async (tx) => {
    await tx.select({ id: event_settings.id }).from(event_settings).where(eq(event_settings.id, SETTINGS_ID)).for("update");
    const before = await getSettings(tx);
    if (input.max_attendees < before.registered_count) return { ok: false, reason: "capacity", registered: before.registered_count };
    const movedAhead = input.event_date !== before.event_date && eventStart(input) > now;
    if (movedAhead && (await keepsItsDate(tx, before, now)) && !(await overByAChange(tx, before))) {
      return { ok: false, reason: "concluded", edition: (await currentEdition(tx)).name, eventDate: before.event_date };
    }
    // A change that moves the retention deadline never brings the deletion nearer than a week,
    // and one that reaches far (the date weeks into the past or into another year, the deletion
    // within a month) is asked about first.
    const deadlineMoved = retentionDeadline(input).getTime() !== retentionDeadline(before).getTime();
    const notBefore = await purgeNotBefore(tx, before.edition_id);
    const notBeforeAfter = deadlineMoved ? purgeDate(earliestPurgeAfterChange(now), notBefore) : notBefore;
    const consequences = changeConsequences({ before, after: input, now, people: before.registered_count, notBefore, notBeforeAfter });
    if (consequences && confirmed !== consequences.fingerprint) return { ok: false, reason: "confirm", ...consequences };
    const endedByThisChange = input.event_date !== before.event_date && eventEnd(input) < now && eventEnd(before) >= now;
    await updateSettings(tx, input);
    if (deadlineMoved) await keepPurgeAWeekAway(tx, before.edition_id, now);
    await releaseImages(tx, [before.logo_url, before.guest_of_honor_image_url, before.share_image_url, before.certificate_signature_url]);
    // From what to what, in the form's words (translations are an object, compared by their text).
    const changes = fieldChanges(before as unknown as SettingsInput, input, SETTINGS_FIELD_LABELS, shown);
    await recordAudit(tx, actor, {
      action: "settings.update",
      entity: "event_settings",
      entityId: SETTINGS_ID,
      details: {
        changes,
        ...(consequences ? { confirmed: consequences.message } : {}),
        // The change made an edition still ahead over: it may be moved to a later date again (overByAChange).
        ...(endedByThisChange ? { [OVER_WHEN_SET]: true } : {}),
      },
    });
    await afterSave?.(tx);
    return { ok: true };
  });
}
