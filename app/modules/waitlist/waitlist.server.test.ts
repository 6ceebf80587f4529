import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tamperSignature } from "#tests/support/tamper.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection, DbOrTx } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, audit_log, cancelled_registrations, check_ins, mail_outbox, waitlist } from "~/db/schema";
import { deleteAttendee } from "~/modules/attendees/attendees.server";
import { registrationInput } from "~/modules/person/test-data.server";
import { registerAttendee } from "~/modules/registration/registration.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { cancelRegistration } from "~/modules/tickets/cancel.server";
import { signDoorCode, signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { claimOffer, declineOffer, leaveWaitlist, offerNextSeat, waitlistEntryByToken } from "./offers.server";
import { joinWaitlist, settleWaitlist, settleWaitlistNow, WAITLIST_MESSAGES } from "./waitlist.server";
import { listWaitlist, waitlistCounts } from "./waitlist-admin.server";
import { renderWaitlistMail } from "./waitlist-email.server";
import { signWaitlistToken } from "./waitlist-token.server";

const SECRET = "waitlist-test-secret-0123456789abcdef";
const keys = { secret: SECRET };
const ORGANISER = { id: null, email: "organiser@example.org" };
const HOUR = 3_600_000;
/** What the cancel route does with a freed seat: hand it to the waitlist, in the same transaction. */
const handOn = (tx: DbOrTx) => settleWaitlist(tx);

describe.each(DATABASE_KINDS)("the waitlist on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [mail_outbox, waitlist, check_ins, attendees, cancelled_registrations, audit_log]) await database.db.delete(table);
    await updateSettings(database.db, {
      event_date: "2026-12-24",
      max_attendees: 2,
      registration_enabled: true,
      event_name: "Zamfara Youth Summit",
      waitlist_offer_hours: 24,
    });
  });

  /** Fills the event, then puts `n` people on the waitlist; returns their tokens in order. */
  async function fullWithWaitlist(n: number, seats = 2) {
    const { db } = database;
    await updateSettings(db, { max_attendees: seats });
    const registered = [];
    for (let i = 0; i < seats; i++) registered.push(await createAttendee(db));
    const tokens: string[] = [];
    for (let i = 0; i < n; i++) {
      const joined = await joinWaitlist(db, registrationInput({ fullName: `Waiting ${i + 1}` }), keys);
      if (!joined.ok) throw new Error(joined.message);
      tokens.push(joined.token);
    }
    return { registered, tokens };
  }
  const statusOf = async (token: string) => (await waitlistEntryByToken(database.db, token, SECRET))?.entry.status;
  const offerMails = async () => (await database.db.select().from(mail_outbox).where(eq(mail_outbox.kind, "waitlist-offer"))).length;

  it("is only for a fully booked event, answers with the place in line, and takes each e-mail once", async () => {
    const { db } = database;
    expect(await joinWaitlist(db, registrationInput(), keys)).toMatchObject({ ok: false, message: WAITLIST_MESSAGES.seatsOpen });
    const [first] = [await createAttendee(db), await createAttendee(db)];
    const a = await joinWaitlist(db, registrationInput({ email: "Amina@Example.org" }), keys);
    const b = await joinWaitlist(db, registrationInput(), keys);
    expect(a).toMatchObject({ ok: true, position: 1, email: "amina@example.org" });
    expect(b).toMatchObject({ ok: true, position: 2 });
    expect(await joinWaitlist(db, registrationInput({ email: " amina@example.org " }), keys)).toMatchObject({
      ok: false,
      message: WAITLIST_MESSAGES.already,
    });
    expect(await joinWaitlist(db, registrationInput({ email: first?.email }), keys)).toMatchObject({ ok: false, reason: "duplicate" });
    const mails = await db.select().from(mail_outbox);
    expect(mails.map((m) => [m.kind, m.to_address, m.subject])).toEqual([
      ["waitlist-joined", "amina@example.org", "You're on the waitlist for Zamfara Youth Summit"],
      ["waitlist-joined", b.ok ? b.email : "", "You're on the waitlist for Zamfara Youth Summit"],
    ]);

    await updateSettings(db, { registration_enabled: false });
    expect(await joinWaitlist(db, registrationInput(), keys)).toMatchObject({ ok: false, message: "status.closed" });
    await updateSettings(db, { registration_enabled: true, event_date: "2020-01-01" });
    expect(await joinWaitlist(db, registrationInput(), keys)).toMatchObject({ ok: false, message: "status.concluded" });
  });

  it("offers a cancelled seat to the first in line, holds it from newcomers, and registers them on claim", async () => {
    const { db } = database;
    const { registered, tokens } = await fullWithWaitlist(2);
    const [t1, t2] = tokens as [string, string];
    const cancelled = registered[0];
    if (!cancelled) throw new Error("no attendee");
    expect(await cancelRegistration(db, signSelfServiceToken(cancelled.id, SECRET), SECRET, handOn)).toEqual({ status: "cancelled" });
    expect([await statusOf(t1), await statusOf(t2)]).toEqual(["offered", "waiting"]);
    expect(await offerMails()).toBe(1);
    // The held seat is not free for a newcomer, who may join the line instead.
    expect(await registerAttendee(db, registrationInput(), keys)).toMatchObject({ ok: false, message: "status.full" });
    expect(await waitlistEntryByToken(db, t2, SECRET)).toMatchObject({ position: 1 });

    const claimed = await claimOffer(db, t1, keys);
    expect(claimed.status).toBe("claimed");
    expect((await getSettings(db)).registered_count).toBe(2);
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.status, "claimed"));
    const [attendee] = await db
      .select()
      .from(attendees)
      .where(eq(attendees.id, entry?.attendee_id ?? ""));
    expect(attendee).toMatchObject({ full_name: "Waiting 1", email: entry?.email, consent_version: entry?.consent_version });
    const ticketMail = await db.select().from(mail_outbox).where(eq(mail_outbox.kind, "ticket"));
    expect(ticketMail.map((m) => m.attendee_id)).toEqual([attendee?.id]);
    // Claiming again (a second tap) changes nothing and leads to the same ticket.
    expect(await claimOffer(db, t1, keys)).toEqual(claimed);
    expect((await getSettings(db)).registered_count).toBe(2);
  });

  it("passes a declined or expired offer to the next person, and refuses a forged or late claim", async () => {
    const { db } = database;
    const { registered, tokens } = await fullWithWaitlist(3);
    const [t1, t2, t3] = tokens as [string, string, string];
    const now = new Date("2026-12-01T10:00:00Z");
    await deleteAttendee(db, ORGANISER, registered[0]?.id ?? "");
    expect(await statusOf(t1)).toBe("offered");

    expect(await declineOffer(db, t1, { secret: SECRET, now })).toBe("declined");
    expect([await statusOf(t1), await statusOf(t2)]).toEqual(["declined", "offered"]);
    expect(await claimOffer(db, t1, keys)).toEqual({ status: "declined" });

    // Twenty-five hours later the second offer has lapsed: the minute sweep passes it on.
    const later = new Date(now.getTime() + 25 * HOUR);
    expect(await settleWaitlistNow(db, later)).toHaveLength(1);
    expect([await statusOf(t2), await statusOf(t3)]).toEqual(["expired", "offered"]);
    expect(await claimOffer(db, t2, { secret: SECRET, now: later })).toEqual({ status: "expired" });
    // A claim that arrives after the deadline, before the sweep, is refused and passes the seat on itself.
    expect(await claimOffer(db, t3, { secret: SECRET, now: new Date(later.getTime() + 25 * HOUR) })).toEqual({ status: "expired" });
    expect(await statusOf(t3)).toBe("expired");
    expect(await claimOffer(db, tamperSignature(t3), keys)).toEqual({ status: "invalid" });
    expect(await claimOffer(db, signDoorCode("ZYS-1", SECRET), keys)).toEqual({ status: "invalid" });
    const actions = (await db.select({ action: audit_log.action }).from(audit_log)).map((row) => row.action).sort();
    expect(actions).toEqual(
      [
        "attendee.delete",
        "waitlist.decline",
        "waitlist.expire",
        "waitlist.expire",
        "waitlist.offer",
        "waitlist.offer",
        "waitlist.offer",
      ].sort(),
    );
  });

  it("offers every seat a raised capacity frees, in order; leaving or being removed passes an offer on", async () => {
    const { db } = database;
    const { tokens } = await fullWithWaitlist(4);
    await updateSettings(db, { max_attendees: 4 });
    const offered = await db.transaction((tx) => settleWaitlist(tx));
    expect(offered).toHaveLength(2);
    expect(await Promise.all(tokens.map(statusOf))).toEqual(["offered", "offered", "waiting", "waiting"]);

    expect(await leaveWaitlist(db, tokens[0] ?? "", keys)).toBe("left");
    expect(await waitlistEntryByToken(db, tokens[0] ?? "", SECRET)).toBeUndefined();
    expect(await Promise.all(tokens.slice(1).map(statusOf))).toEqual(["offered", "offered", "waiting"]);
    const [third] = await db.select().from(waitlist).where(eq(waitlist.full_name, "Waiting 3"));
    expect(await offerNextSeat(db, ORGANISER)).toBe("noSeat");
    expect(await leaveWaitlist(db, tokens[2] ?? "", keys)).toBe("left");
    expect(third && (await statusOf(tokens[3] ?? ""))).toBe("offered");
    const { rows, counts } = await listWaitlist(db, 1);
    expect(counts).toEqual({ waiting: 0, offered: 2, claimed: 0, expired: 0, declined: 0 });
    expect(rows.map((row) => [row.full_name, row.status, row.position])).toEqual([
      ["Waiting 2", "offered", null],
      ["Waiting 4", "offered", null],
    ]);
  });

  it("never offers a seat kept for walk-ins: it is for the door on event day", async () => {
    const { db } = database;
    const { tokens } = await fullWithWaitlist(3);
    // Two more seats, one of them kept for the door: one offer.
    await updateSettings(db, { max_attendees: 4, walk_in_seats: 1 });
    try {
      expect(await db.transaction((tx) => settleWaitlist(tx))).toHaveLength(1);
      expect(await Promise.all(tokens.map(statusOf))).toEqual(["offered", "waiting", "waiting"]);
      expect(await offerNextSeat(db, ORGANISER)).toBe("noSeat");
    } finally {
      await updateSettings(db, { walk_in_seats: 0 });
    }
  });

  it("makes no offers while registration is closed, except an organiser's by hand", async () => {
    const { db } = database;
    const { registered, tokens } = await fullWithWaitlist(2);
    await updateSettings(db, { registration_enabled: false });
    await deleteAttendee(db, ORGANISER, registered[0]?.id ?? "");
    expect(await Promise.all(tokens.map(statusOf))).toEqual(["waiting", "waiting"]);
    expect(await offerNextSeat(db, ORGANISER)).toBe("offered");
    expect(await offerNextSeat(db, ORGANISER)).toBe("noSeat");
    expect(await Promise.all(tokens.map(statusOf))).toEqual(["offered", "waiting"]);
    const [offer] = await db.select().from(audit_log).where(eq(audit_log.action, "waitlist.offer"));
    expect(offer?.admin_email).toBe(ORGANISER.email);
    await db.delete(waitlist);
    expect(await offerNextSeat(db, ORGANISER)).toBe("nobody");
  });

  it("renders the confirmation with the place in line and the offer with its deadline and link", async () => {
    const { db } = database;
    const { registered, tokens } = await fullWithWaitlist(2);
    const [, second] = await db.select().from(waitlist).orderBy(waitlist.seq);
    const mailKeys = { publicUrl: "https://summit.example.org", secret: SECRET };
    const joined = await renderWaitlistMail(db, "waitlist-joined", { waitlistId: second?.id }, mailKeys);
    expect(joined.subject).toBe("You're on the waitlist for Zamfara Youth Summit");
    expect(joined.text).toContain("number 2 in line");
    expect(joined.html).toContain(`https://summit.example.org/waitlist/${encodeURIComponent(tokens[1] ?? "")}`);

    await cancelRegistration(db, signSelfServiceToken(registered[0]?.id ?? "", SECRET), SECRET, handOn);
    const [first] = await db.select().from(waitlist).where(eq(waitlist.status, "offered"));
    const offer = await renderWaitlistMail(db, "waitlist-offer", { waitlistId: first?.id }, mailKeys);
    expect(offer.subject).toBe("A seat is free for you: Zamfara Youth Summit");
    expect(offer.text).toMatch(/claim it by \d{1,2} \w{3} \d{4}, \d\d:\d\d \(West Africa Time\)/);
    expect(offer.html).toContain(signWaitlistToken(first?.id ?? "", SECRET).split(".")[1]);
    await expect(renderWaitlistMail(db, "waitlist-offer", { waitlistId: crypto.randomUUID() }, mailKeys)).rejects.toThrow(/gone/);
  });

  it("under a rush: 20 seats freed at once while newcomers keep coming make exactly 20 offers, and never overbook", async () => {
    const { db } = database;
    const { registered, tokens } = await fullWithWaitlist(50, 40);
    const cancels = registered.slice(0, 20).map((a) => cancelRegistration(db, signSelfServiceToken(a.id, SECRET), SECRET, handOn));
    const newcomers = Array.from({ length: 30 }, () => registerAttendee(db, registrationInput(), keys));
    const joiners = Array.from({ length: 10 }, () => joinWaitlist(db, registrationInput(), keys));
    const [cancelled, registeredNow] = await Promise.all([Promise.all(cancels), Promise.all(newcomers), Promise.all(joiners)]);
    expect(cancelled.every((c) => c.status === "cancelled")).toBe(true);
    expect(registeredNow.filter((r) => r.ok)).toHaveLength(0);
    const counts = await waitlistCounts(db);
    expect(counts).toMatchObject({ offered: 20, waiting: 40 });
    expect(await offerMails()).toBe(20);
    // The offers went to the first 20 in line.
    const statuses = await Promise.all(tokens.map(statusOf));
    expect(statuses.slice(0, 20).every((s) => s === "offered")).toBe(true);
    expect(statuses.slice(20).every((s) => s === "waiting")).toBe(true);

    // Everyone offered claims at once, while newcomers try again: capacity holds exactly.
    const claims = tokens.slice(0, 20).map((t) => claimOffer(db, t, keys));
    const again = Array.from({ length: 20 }, () => registerAttendee(db, registrationInput(), keys));
    const [claimed, late] = await Promise.all([Promise.all(claims), Promise.all(again)]);
    expect(claimed.filter((c) => c.status === "claimed")).toHaveLength(20);
    expect(late.filter((r) => r.ok)).toHaveLength(0);
    expect((await db.select().from(attendees)).length).toBe(40);
    expect((await getSettings(db)).registered_count).toBe(40);
  });
});
