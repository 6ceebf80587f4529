import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, held_registrations, mail_outbox, rate_counters, registration_surges, waitlist } from "~/db/schema";
import { renderHeldMail } from "~/modules/booking-protection/held-registrations.server";
import { holdOrPass } from "~/modules/booking-protection/hold-gate.server";
import type { PersonInput } from "~/modules/person/person-values";
import { registrationInput } from "~/modules/person/test-data.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { confirmHeldByCode, confirmHeldById } from "~/modules/waitlist/held-confirm.server";
import { joinWaitlist, settleWaitlistNow } from "./waitlist.server";

// Issue 40: a waitlist join passes the same booking-attack gate as a registration (holdOrPass,
// which the /register action runs for both forms), and a held join becomes a place in line only
// once confirmed from the mailbox: never a seat, never an offer before.

const SECRET = "waitlist-holds-secret-0123456789abcdef";
const NOW = new Date("2026-11-23T10:00:10Z");
const ATTACKER = "v4:203.0.113.7";
const confirmOptions = { secret: SECRET, now: NOW };

describe.each(DATABASE_KINDS)("joining the waitlist during a booking attack on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    const { db } = database;
    for (const table of [held_registrations, registration_surges, rate_counters, mail_outbox, waitlist, attendees]) await db.delete(table);
    // Full: two seats, two registered. The hold rules stay at their defaults (10 a minute per network).
    await updateSettings(db, { event_date: "2026-12-24", max_attendees: 2, registration_enabled: true, waitlist_offer_hours: 24 });
    await createAttendee(db);
    await createAttendee(db);
  });

  /** What the /register action does with a join: the gate, then the line unless held. */
  async function post(input: PersonInput, network: string, at = NOW): Promise<{ held: string } | { position: number }> {
    const settings = await getSettings(database.db);
    const held = await holdOrPass(database.db, input, { networks: [network], proved: false, settings, intent: "waitlist", now: at });
    if (held) return { held: held.id };
    const joined = await joinWaitlist(database.db, input, { secret: SECRET, now: at });
    if (!joined.ok) throw new Error(joined.message);
    return { position: joined.position };
  }
  /** The attacker's network's first joins went through and started its surge; cleared away, the surge stays. */
  const warmedUp = async () => {
    await database.db.delete(waitlist);
    await database.db.delete(held_registrations);
  };
  const codeOf = async (heldId: string) => {
    const [mail] = await database.db.select().from(mail_outbox).where(sql`${mail_outbox.template_data}->>'heldId' = ${heldId}`);
    return String((mail?.template_data as { code?: string } | null)?.code ?? "");
  };

  it("holds 40 made-up joins from one network past the first three; the real person is next in line, not 41st", async () => {
    const { db } = database;
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await post(registrationInput({ email: `fake${i}@gmail.com` }), ATTACKER));
    expect(answers.filter((a) => "position" in a).map((a) => a.position)).toEqual([1, 2, 3]);
    const held = answers.flatMap((a) => ("held" in a ? [a.held] : []));
    expect(held).toHaveLength(37);
    expect((await db.select({ intent: held_registrations.intent }).from(held_registrations)).every((h) => h.intent === "waitlist")).toBe(
      true,
    );
    // Each held join got the confirmation mail (link and code), none the waitlist's.
    const mails = await db.select({ kind: mail_outbox.kind }).from(mail_outbox);
    expect(mails.filter((m) => m.kind === "held-confirmation")).toHaveLength(37);
    expect(mails.filter((m) => m.kind === "waitlist-joined")).toHaveLength(3);
    // Its words are the waitlist's: a place in line to confirm, not a seat.
    const [mail] = await db
      .select()
      .from(mail_outbox)
      .where(sql`${mail_outbox.template_data}->>'heldId' = ${held[0] ?? ""}`);
    const rendered = await renderHeldMail(db, mail?.template_data ?? null, { publicUrl: "https://summit.example", secret: SECRET });
    expect(rendered.subject).toMatch(/^Confirm your place on the waitlist: /);
    expect(rendered.text).toContain(await codeOf(held[0] ?? ""));

    // The real person, on their own network, joins at once: 4th, not 41st.
    expect(await post(registrationInput({ email: "amina@yahoo.com" }), "v4:197.210.1.1")).toEqual({ position: 4 });
    // A held join confirmed from the mailbox takes the next place, after everyone already in line.
    const [first = "", second = ""] = held;
    expect(await confirmHeldByCode(db, first, await codeOf(first), { ...confirmOptions, network: ATTACKER })).toMatchObject({
      status: "waitlisted",
      position: 5,
    });
    expect(await confirmHeldById(db, second, confirmOptions)).toMatchObject({ status: "waitlisted", position: 6 });
    expect(await db.select().from(held_registrations)).toHaveLength(35);
    expect((await getSettings(db)).registered_count).toBe(2);
  });

  it("offers freed seats only to entries in line, never to a held join", async () => {
    const { db } = database;
    // Only held joins: the attacker's network is already in a surge.
    for (let i = 0; i < 11; i++) await post(registrationInput({ email: `warmup${i}@gmail.com` }), ATTACKER);
    await warmedUp();
    const heldIds = [];
    for (let i = 0; i < 3; i++) {
      const answer = await post(registrationInput({ email: `fake${i}@gmail.com` }), ATTACKER);
      expect(answer).toHaveProperty("held");
      if ("held" in answer) heldIds.push(answer.held);
    }
    const real = await post(registrationInput({ email: "amina@yahoo.com" }), "v4:197.210.1.1");
    expect(real).toEqual({ position: 1 });

    // Three seats free up: one offer, to the real person; the held joins get nothing.
    await updateSettings(db, { max_attendees: 5 });
    const offered = await settleWaitlistNow(db, NOW);
    expect(offered).toHaveLength(1);
    const [entry] = await db
      .select()
      .from(waitlist)
      .where(eq(waitlist.id, offered[0] ?? ""));
    expect(entry?.email).toBe("amina@yahoo.com");
    const offers = await db.select({ to: mail_outbox.to_address }).from(mail_outbox).where(eq(mail_outbox.kind, "waitlist-offer"));
    expect(offers).toEqual([{ to: "amina@yahoo.com" }]);
    expect(await db.select().from(held_registrations)).toHaveLength(heldIds.length);
  });

  it("never turns a confirmed held join into a seat someone in line is waiting for", async () => {
    const { db } = database;
    for (let i = 0; i < 11; i++) await post(registrationInput({ email: `warmup${i}@gmail.com` }), ATTACKER);
    await warmedUp();
    const answer = await post(registrationInput({ email: "late@gmail.com" }), ATTACKER);
    if (!("held" in answer)) throw new Error("not held");
    expect(await post(registrationInput({ email: "amina@yahoo.com" }), "v4:197.210.1.1")).toEqual({ position: 1 });
    // A seat frees: it is offered to the one in line; confirming the held join puts it behind her.
    await updateSettings(db, { max_attendees: 3 });
    expect(await settleWaitlistNow(db, NOW)).toHaveLength(1);
    expect(await confirmHeldById(db, answer.held, confirmOptions)).toMatchObject({ status: "waitlisted", position: 1 });
    expect((await getSettings(db)).registered_count).toBe(2);
    const [late] = await db.select().from(waitlist).where(eq(waitlist.email, "late@gmail.com"));
    expect(late?.status).toBe("waiting");
  });

  it("lets a person join at once in normal times", async () => {
    expect(await post(registrationInput({ email: "amina@yahoo.com" }), "v4:197.210.1.1")).toEqual({ position: 1 });
    expect(await database.db.select().from(held_registrations)).toHaveLength(0);
  });
});
