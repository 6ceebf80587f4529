import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendees, audit_log, door_walk_in_shares, mail_outbox, rate_counters } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { updateSettings } from "~/modules/settings/settings.server";
import { openRegistration } from "~/modules/settings/test-data.server";
import { recordListFetch } from "./door-devices.server";
import { walkInPage } from "./walk-in-actions.server";
import { checkWalkIn, walkInFields } from "./walk-in-schema";
import { grantWalkInShares } from "./walk-in-shares.server";
import { applyDoorWalkIns } from "./walk-in-sync.server";
import { registerWalkIn } from "./walk-ins.server";

// "Send the ticket on WhatsApp too" at the door: offered while WhatsApp is configured, asked
// aloud, stored as the web form stores it (the registration's time, the notice of now), online
// and when a door phone registered the walk-in offline and synced later.

vi.stubEnv("SESSION_SECRET", "walk-in-whatsapp-secret-0123456789abcdef");
const whatsapp = vi.hoisted(() => ({ on: true }));
vi.mock("~/config.server", async (importOriginal) =>
  (await import("#tests/support/whatsapp-config.ts")).withWhatsApp(await importOriginal(), () => whatsapp.on),
);

const NOW = new Date("2026-11-21T09:30:00Z");
const TEN_MINUTES_AGO = new Date(NOW.getTime() - 10 * 60_000);

let n = 0;
/** The walk-in form's fields as typed (a fresh phone number each). */
function typed(overrides: Record<string, string> = {}): Record<string, string> {
  n++;
  return {
    fullName: `WhatsApp Walk-in ${n}`,
    phone: `0807 ${String(n).padStart(7, "0")}`,
    gender: "male",
    state: "Zamfara",
    localGovernment: "Gusau",
    consent: "on",
    ...overrides,
  };
}

function checked(fields: Record<string, string>) {
  const verdict = checkWalkIn(fields);
  if ("error" in verdict) throw new Error(JSON.stringify(verdict.error));
  return verdict.value;
}

describe("the walk-in form's WhatsApp box", () => {
  it("is one of the form's fields (so the offline queue carries it), and takes only a ticked box", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(typed({ whatsapp: "on" }))) form.set(name, value);
    expect(walkInFields(form).whatsapp).toBe("on");
    expect(checked(typed({ whatsapp: "on" })).whatsapp).toBe("on");
    expect("error" in checkWalkIn(typed({ whatsapp: "yes" }))).toBe(true);
  });
});

describe.each(DATABASE_KINDS)("the WhatsApp consent of a walk-in on %s", (kind) => {
  let database: DbConnection;
  let staff: { id: string; email: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    staff = await createAdmin(database.db, {
      email: `wa-door-${kind}@example.org`,
      name: "Hauwa",
      password: "x".repeat(12),
      role: "checkin",
    });
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    whatsapp.on = true;
    for (const table of [mail_outbox, attendees, door_walk_in_shares, audit_log, rate_counters]) await database.db.delete(table);
    await openRegistration(database.db);
    await updateSettings(database.db, { event_date: "2026-11-21", walk_in_seats: 10, walk_in_seats_per_phone: 5 });
  });
  const byId = async (id: string) => (await database.db.select().from(attendees).where(eq(attendees.id, id)))[0];

  it("offers the box only while WhatsApp is configured", async () => {
    expect((await walkInPage(database.db)).whatsapp).toBe(true);
    whatsapp.on = false;
    expect((await walkInPage(database.db)).whatsapp).toBe(false);
  });

  it("stores the consent given at the door, with the registration's time, and sends the ticket on WhatsApp", async () => {
    const options = { language: "ha" as const, origin: { door: "Gate A" }, now: NOW };
    const agreed = await registerWalkIn(database.db, staff, checked(typed({ whatsapp: "on" })), options);
    if (agreed.status !== "admitted") throw new Error(agreed.status);
    expect(agreed.sentBy).toContain("whatsapp");
    const row = await byId(agreed.attendee.id);
    expect(row).toMatchObject({ whatsapp_opt_in: true, whatsapp_consent_version: PRIVACY_NOTICE.version, sms_opt_in: false });
    expect(row?.whatsapp_consent_at).toEqual(row?.consent_at);

    const asked = await registerWalkIn(database.db, staff, checked(typed()), options);
    if (asked.status !== "admitted") throw new Error(asked.status);
    expect(asked.sentBy).not.toContain("whatsapp");
    expect(await byId(asked.attendee.id)).toMatchObject({
      whatsapp_opt_in: false,
      whatsapp_consent_at: null,
      whatsapp_consent_version: "",
    });

    // Ticked on a page served before WhatsApp was turned off: nothing is asked for.
    whatsapp.on = false;
    const stale = await registerWalkIn(database.db, staff, checked(typed({ whatsapp: "on" })), options);
    if (stale.status !== "admitted") throw new Error(stale.status);
    expect(await byId(stale.attendee.id)).toMatchObject({ whatsapp_opt_in: false, whatsapp_consent_at: null });
  });

  it("stores it for a walk-in a door phone registered offline, at the door's time", async () => {
    const device = randomUUID();
    await recordListFetch(database.db, staff.id, device, new Date(NOW.getTime() - 60 * 60_000));
    const [share = ""] = await grantWalkInShares(
      database.db,
      { adminId: staff.id, device },
      "Gate B",
      new Date(NOW.getTime() - 60 * 60_000),
    );
    const item = { id: randomUUID(), share, at: TEN_MINUTES_AGO.toISOString(), fields: typed({ whatsapp: "on" }) };
    expect(await applyDoorWalkIns(database.db, staff, { door: "Gate B", device }, [item], { language: "en", now: NOW })).toEqual([
      { id: item.id, status: "applied" },
    ]);
    const [row] = await database.db.select().from(attendees).where(eq(attendees.ticket_id, share));
    expect(row).toMatchObject({ channel: "door", whatsapp_opt_in: true, whatsapp_consent_version: PRIVACY_NOTICE.version });
    expect(row?.whatsapp_consent_at).toEqual(TEN_MINUTES_AGO);
  });
});
