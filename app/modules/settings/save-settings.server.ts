import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { event_settings, SETTINGS_ID } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { fieldChanges } from "~/modules/audit/changes";
import { currentEdition, editionConcluded } from "~/modules/editions/edition-state.server";
import { releaseImages } from "~/modules/media/upload.server";
import { type Consequences, changeConsequences } from "./change-consequences";
import { eventStart, formatEventDate } from "./event-time";
import { SETTINGS_FIELD_LABELS } from "./field-labels";
import { earliestPurgeAfterChange, purgeDate, retentionDeadline } from "./purge-schedule";
import { keepPurgeAWeekAway, purgeNotBefore } from "./purge-schedule.server";
import type { SettingsInput } from "./schemas";
import { getSettings, updateSettings } from "./settings.server";

/** JSON with sorted keys: jsonb keeps its own key order, not the one written. */
function canonical(value: Record<string, Record<string, string | undefined> | undefined>): string {
  return JSON.stringify(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([language, fields]) => [language, Object.entries(fields ?? {}).sort(([a], [b]) => a.localeCompare(b))]),
  );
}

export type SaveSettingsResult =
  | { ok: true }
  | { ok: false; reason: "capacity"; registered: number }
  | { ok: false; reason: "concluded"; edition: string; eventDate: string }
  | ({ ok: false; reason: "confirm" } & Consequences);

export type SaveSettingsOptions = {
  /** Runs in the same transaction after the save (seats a raised capacity frees go to the waitlist first). */
  afterSave?: (tx: DbOrTx) => Promise<unknown>;
  /** The fingerprint of the consequences the organiser confirmed ("Yes, save …"). */
  confirmed?: string | null;
  now?: Date;
};

/** A value as the Activity log shows it: dates in words, texts in other languages by their content. */
function shown(field: keyof SettingsInput, value: unknown): string {
  if (field === "event_date" && typeof value === "string") return formatEventDate(value);
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
export function saveSettings(
  db: DbOrTx,
  actor: AuditActor,
  input: SettingsInput,
  { afterSave, confirmed, now = new Date() }: SaveSettingsOptions = {},
): Promise<SaveSettingsResult> {
  return db.transaction(async (tx) => {
    await tx.select({ id: event_settings.id }).from(event_settings).where(eq(event_settings.id, SETTINGS_ID)).for("update");
    const before = await getSettings(tx);
    if (input.max_attendees < before.registered_count) return { ok: false, reason: "capacity", registered: before.registered_count };
    const movedAhead = input.event_date !== before.event_date && eventStart(input.event_date, input.event_time) > now;
    if (movedAhead && (await editionConcluded(tx, before, now)).hasPeople) {
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
    await updateSettings(tx, input);
    if (deadlineMoved) await keepPurgeAWeekAway(tx, before.edition_id, now);
    await releaseImages(tx, [before.logo_url, before.guest_of_honor_image_url, before.share_image_url]);
    // From what to what, in the form's words (translations are an object, compared by their text).
    const changes = fieldChanges(before as unknown as SettingsInput, input, SETTINGS_FIELD_LABELS, shown);
    await recordAudit(tx, actor, {
      action: "settings.update",
      entity: "event_settings",
      entityId: SETTINGS_ID,
      details: { changes, ...(consequences ? { confirmed: consequences.message } : {}) },
    });
    await afterSave?.(tx);
    return { ok: true };
  });
}
