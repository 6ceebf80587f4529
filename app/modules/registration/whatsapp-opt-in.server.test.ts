import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, held_registrations, mail_outbox, waitlist } from "~/db/schema";
import { holdRegistration } from "~/modules/booking-protection/hold-decision.server";
import { registrationSchema } from "~/modules/person/fields";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { registrationInput } from "~/modules/person/test-data.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { openRegistration } from "~/modules/settings/test-data.server";
import { cancelRegistration } from "~/modules/tickets/cancel.server";
import { signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { confirmHeldById } from "~/modules/waitlist/held-confirm.server";
import { claimOffer } from "~/modules/waitlist/offers.server";
import { joinWaitlist, settleWaitlist } from "~/modules/waitlist/waitlist.server";
import { registerAttendee } from "./registration.server";

// "Send my ticket on WhatsApp too" on the web form: a consent of its own, stored with the
// registration's time and the notice of now, only while WhatsApp is configured; and carried, as
// the SMS box is, from the waitlist and from a held registration into the seat.

vi.stubEnv("SESSION_SECRET", "whatsapp-opt-in-secret-0123456789abcdef");
// WhatsApp configured or not, as the test says (WHATSAPP_ACCESS_TOKEN and the rest).
const whatsapp = vi.hoisted(() => ({ on: true }));
vi.mock("~/config.server", async (importOriginal) =>
  (await import("#tests/support/whatsapp-config.ts")).withWhatsApp(await importOriginal(), () => whatsapp.on),
);

const SECRET = "whatsapp-opt-in-secret-0123456789abcdef";
const JOINED = new Date("2026-11-01T10:00:00Z");
const LATER = new Date("2026-11-01T14:00:00Z");
const keys = { secret: SECRET, now: JOINED };
const consent = (row: { whatsapp_opt_in: boolean; whatsapp_consent_at: Date | null; whatsapp_consent_version: string } | undefined) => ({
  opt_in: row?.whatsapp_opt_in,
  at: row?.whatsapp_consent_at ?? null,
  version: row?.whatsapp_consent_version,
});
const AGREED = { opt_in: true, at: JOINED, version: PRIVACY_NOTICE.version };
const NONE = { opt_in: false, at: null, version: "" };

describe("the form's WhatsApp box", () => {
  it("is optional, and takes only a ticked box", () => {
    const base = { ...registrationInput(), whatsapp: undefined };
    expect(registrationSchema.safeParse(base).success).toBe(true);
    expect(registrationSchema.safeParse({ ...base, whatsapp: "on" }).data?.whatsapp).toBe("on");
    expect(registrationSchema.safeParse({ ...base, whatsapp: "yes" }).error?.issues[0]).toMatchObject({
      path: ["whatsapp"],
      message: "validation.whatsapp",
    });
  });
});

describe.each(DATABASE_KINDS)("the WhatsApp consent on the web form, on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    whatsapp.on = true;
    for (const table of [mail_outbox, held_registrations, waitlist, attendees]) await database.db.delete(table);
    await openRegistration(database.db);
    await updateSettings(database.db, { event_date: "2026-12-24", waitlist_offer_hours: 24 });
  });

  const attendeeByEmail = async (email: string) => (await database.db.select().from(attendees).where(eq(attendees.email, email)))[0];

  it("stores the consent with the registration's time and the notice of now, only when ticked and WhatsApp is configured", async () => {
    const ticked = registrationInput({ whatsapp: "on", sms: "on" });
    expect(await registerAttendee(database.db, ticked, keys)).toMatchObject({ ok: true });
    const row = await attendeeByEmail(ticked.email);
    expect(consent(row)).toEqual(AGREED);
    // The SMS box is its own consent: both stay as ticked.
    expect(row?.sms_opt_in).toBe(true);

    const unticked = registrationInput();
    await registerAttendee(database.db, unticked, keys);
    expect(consent(await attendeeByEmail(unticked.email))).toEqual(NONE);

    // A box posted while WhatsApp is not configured (a stale page, a crafted post) asks for nothing.
    whatsapp.on = false;
    const stale = registrationInput({ whatsapp: "on" });
    await registerAttendee(database.db, stale, keys);
    expect(consent(await attendeeByEmail(stale.email))).toEqual(NONE);
  });

  it("keeps it in line on the waitlist, and carries it into the seat when the offer is claimed", async () => {
    const { db } = database;
    await updateSettings(db, { max_attendees: 1 });
    const seated = await createAttendee(db);
    const waiting = registrationInput({ whatsapp: "on" });
    const joined = await joinWaitlist(db, waiting, keys);
    if (!joined.ok) throw new Error(joined.message);
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.id, joined.id));
    expect(consent(entry)).toEqual(AGREED);

    // The seat frees, is offered to them and claimed hours later: the consent is the one they gave when joining.
    await cancelRegistration(db, signSelfServiceToken(seated.id, SECRET), SECRET, (tx) => settleWaitlist(tx, { now: LATER }));
    expect(await claimOffer(db, joined.token, { secret: SECRET, now: LATER })).toMatchObject({ status: "claimed" });
    expect(consent(await attendeeByEmail(waiting.email))).toEqual(AGREED);
  });

  it("keeps it on a held registration, and carries it into the registration once confirmed", async () => {
    const { db } = database;
    const input = registrationInput({ whatsapp: "on" });
    const held = await holdRegistration(
      db,
      input,
      { hold: true, reason: "network", source: "v4:10.0.0.1" },
      { expiryHours: 24, now: JOINED },
    );
    const [row] = await db.select().from(held_registrations).where(eq(held_registrations.id, held.id));
    expect(consent(row)).toEqual(AGREED);

    expect(await confirmHeldById(db, held.id, { secret: SECRET, now: LATER })).toMatchObject({ status: "registered" });
    expect(consent(await attendeeByEmail(input.email))).toEqual(AGREED);
  });
});
