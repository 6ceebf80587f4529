import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { event_settings, SETTINGS_ID } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { currentEdition, editionConcluded } from "~/modules/editions/edition-state.server";
import { releaseImages } from "~/modules/media/upload.server";
import { eventStart } from "./event-time";
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
  | { ok: false; reason: "concluded"; edition: string; eventDate: string };

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
  /** Runs in the same transaction after the save (seats a raised capacity frees go to the waitlist first). */
  afterSave?: (tx: DbOrTx) => Promise<unknown>,
  now = new Date(),
): Promise<SaveSettingsResult> {
  return db.transaction(async (tx) => {
    await tx.select({ id: event_settings.id }).from(event_settings).where(eq(event_settings.id, SETTINGS_ID)).for("update");
    const before = await getSettings(tx);
    if (input.max_attendees < before.registered_count) return { ok: false, reason: "capacity", registered: before.registered_count };
    const movedAhead = input.event_date !== before.event_date && eventStart(input.event_date, input.event_time) > now;
    if (movedAhead && (await editionConcluded(tx, before, now)).hasPeople) {
      return { ok: false, reason: "concluded", edition: (await currentEdition(tx)).name, eventDate: before.event_date };
    }
    await updateSettings(tx, input);
    await releaseImages(tx, [before.logo_url, before.guest_of_honor_image_url, before.share_image_url]);
    // Translations are an object, read back as a new one: compared by their text.
    const same = (key: keyof SettingsInput) =>
      key === "translations" ? canonical(input.translations) === canonical(before.translations) : input[key] === before[key];
    const changed = (Object.keys(input) as (keyof SettingsInput)[]).filter((key) => !same(key));
    await recordAudit(tx, actor, { action: "settings.update", entity: "event_settings", entityId: SETTINGS_ID, details: { changed } });
    await afterSave?.(tx);
    return { ok: true };
  });
}
