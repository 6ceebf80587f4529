import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { event_settings, SETTINGS_ID } from "~/db/schema";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";

export type EventSettings = typeof event_settings.$inferSelect;

// Nearly every request reads this row: its query is built once per connection object
// (Drizzle's prepare), not on every read, which costs about as much as running it.
const prepared = new WeakMap<DbOrTx, { execute: () => Promise<EventSettings[]> }>();

function settingsQuery(db: DbOrTx) {
  let query = prepared.get(db);
  if (!query) {
    query = db.select().from(event_settings).where(eq(event_settings.id, SETTINGS_ID)).limit(1).prepare("event_settings_row");
    prepared.set(db, query);
  }
  return query;
}

/** Whether an organiser has saved the settings yet: before that, the public site says "coming soon". */
export function isSetUp(settings: Pick<EventSettings, "first_saved_at">): boolean {
  return settings.first_saved_at !== null;
}

/** The settings row; the defaults when it is missing, so a page never fails for want of it. */
export async function getSettings(db: DbOrTx): Promise<EventSettings> {
  const [row] = await settingsQuery(db).execute();
  if (row) return row;
  const now = new Date(0);
  return {
    id: SETTINGS_ID,
    edition_id: 1,
    ...SETTINGS_DEFAULTS,
    registered_count: 0,
    sms_price_kobo: 0,
    whatsapp_price_kobo: 0,
    certificate_valid_days: null,
    first_saved_at: null,
    translations: {},
    created_at: now,
    updated_at: now,
  };
}

// The seat counter belongs to the attendees triggers, never to an update; the edition changes
// only when the next one starts (editions/start-edition.server.ts).
export type SettingsUpdate = Partial<
  Omit<EventSettings, "id" | "edition_id" | "registered_count" | "created_at" | "updated_at" | "first_saved_at">
>;

/** Saves settings; the first save of all marks the site as set up (first_saved_at: the public site opens). */
export async function updateSettings(db: DbOrTx, values: SettingsUpdate): Promise<EventSettings> {
  const [row] = await db
    .insert(event_settings)
    .values({ id: SETTINGS_ID, ...values, first_saved_at: new Date() })
    .onConflictDoUpdate({
      target: event_settings.id,
      set: { ...values, updated_at: new Date(), first_saved_at: sql`coalesce(${event_settings.first_saved_at}, now())` },
    })
    .returning();
  if (!row) throw new Error("settings update returned no row");
  return row;
}

/** The booking protection's thresholds (modules/booking-protection), which every registration post reads. */
export type GateSettings = Pick<
  EventSettings,
  "hold_network_per_minute" | "hold_domain_per_10_minutes" | "hold_overall_per_minute" | "proof_of_work_always" | "held_expiry_hours"
>;

const gatePrepared = new WeakMap<DbOrTx, { execute: () => Promise<GateSettings[]> }>();

/**
 * GateSettings alone: five columns, where the whole row carries every text and translation (on
 * the embedded database 0.35 ms against 0.75 ms a read). The defaults when the row is missing.
 */
export async function getGateSettings(db: DbOrTx): Promise<GateSettings> {
  let query = gatePrepared.get(db);
  if (!query) {
    query = db
      .select({
        hold_network_per_minute: event_settings.hold_network_per_minute,
        hold_domain_per_10_minutes: event_settings.hold_domain_per_10_minutes,
        hold_overall_per_minute: event_settings.hold_overall_per_minute,
        proof_of_work_always: event_settings.proof_of_work_always,
        held_expiry_hours: event_settings.held_expiry_hours,
      })
      .from(event_settings)
      .where(eq(event_settings.id, SETTINGS_ID))
      .limit(1)
      .prepare("event_settings_gate");
    gatePrepared.set(db, query);
  }
  const [row] = await query.execute();
  return row ?? SETTINGS_DEFAULTS;
}
