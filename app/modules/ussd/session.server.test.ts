import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, cancelled_registrations, mail_outbox, ussd_drafts, waitlist } from "~/db/schema";
import { erasePersonalData } from "~/modules/attendees/personal-data.server";
import { SYSTEM_ACTOR } from "~/modules/audit/audit.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { answerUssd, RESUME_WITHIN_MS, sweepUssdDrafts, USSD_REQUESTS_PER_10_MINUTES } from "./session.server";

// Whole USSD sessions as Africa's Talking drives them: the text grows by one answer per request,
// a retry repeats a request, a dropped call is dialled again. Registration, the waitlist,
// resend and cancel go through the same transactions as the web's.

const SECRET = "u".repeat(64);
// English, a name, Female, the first state (Zamfara, the host state) and its first LGA (Anka), I agree, Confirm.
const WHOLE = ["1", "Amina Bello", "2", "1", "1", "1", "1"];

describe.each(DATABASE_KINDS)("USSD sessions on %s", (kind) => {
  let database: DbConnection;
  let counter = 0;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // A summit still to come, open for registration.
    const future = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await updateSettings(database.db, { event_date: future, registration_enabled: true, max_attendees: 500 });
  });
  afterAll(async () => {
    await database?.close();
  });
  const newPhone = () => `+23480320${String(++counter).padStart(5, "0")}`;
  /** One session: each request carries every answer so far, as the gateway sends them. */
  const session = (phone: string, id = `ATUid_${phone}_${counter}_${Math.random()}`) => ({
    id,
    send: (answers: string[], now?: Date) =>
      answerUssd(
        database.db,
        { sessionId: id, serviceCode: "*384*123#", phoneNumber: phone, networkCode: "62130", text: answers.join("*") },
        { secret: SECRET, now },
      ),
  });
  const registrationOf = (phone: string) =>
    database.db
      .select()
      .from(attendees)
      .where(and(eq(attendees.channel, "ussd"), eq(attendees.phone, phone)));

  it("registers a phone with no e-mail through the menu, and queues the privacy notice and the ticket by SMS", async () => {
    const phone = newPhone();
    const call = session(phone);
    const screens: string[] = [];
    for (let i = 0; i <= WHOLE.length; i++) screens.push(await call.send(WHOLE.slice(0, i)));
    for (const screen of screens.slice(0, -1)) expect(screen).toMatch(/^CON /);
    const last = screens.at(-1) ?? "";
    expect(last).toMatch(/^END /);
    const [person] = await registrationOf(phone);
    expect(person).toMatchObject({
      full_name: "Amina Bello",
      email: null,
      gender: "female",
      state: "Zamfara",
      local_government: "Anka",
      sms_opt_in: true,
      language: "en",
    });
    expect(last).toContain(person?.ticket_id);
    for (const screen of screens) expect(screen.length).toBeLessThanOrEqual(160);
    const texts = await database.db.select().from(mail_outbox).where(eq(mail_outbox.to_address, phone));
    expect(texts.map((t) => [t.channel, t.kind]).sort()).toEqual([
      ["sms", "privacy-notice"],
      ["sms", "ticket"],
    ]);
  });

  it("answers a gateway's retry the same way and registers nobody twice", async () => {
    const phone = newPhone();
    const call = session(phone);
    for (let i = 0; i < WHOLE.length; i++) await call.send(WHOLE.slice(0, i));
    const first = await call.send(WHOLE);
    const again = await call.send(WHOLE);
    expect(again).toBe(first);
    expect(await registrationOf(phone)).toHaveLength(1);
    // The consent screen's retry did not send the privacy notice twice either.
    await call.send(WHOLE.slice(0, 5));
    const notices = await database.db
      .select()
      .from(mail_outbox)
      .where(and(eq(mail_outbox.to_address, phone), eq(mail_outbox.kind, "privacy-notice")));
    expect(notices).toHaveLength(1);
  });

  it("offers to continue a dropped session within 30 minutes, and starts afresh after", async () => {
    const phone = newPhone();
    const start = new Date();
    const first = session(phone);
    for (let i = 0; i <= 3; i++) await first.send(WHOLE.slice(0, i), start);
    // Dialled again five minutes later: Continue, and on from the state screen.
    const second = session(phone);
    const offer = await second.send([], new Date(start.getTime() + 5 * 60_000));
    expect(offer).toMatch(/^CON [\s\S]*1 Continue[\s\S]*2 Start again/);
    const onward = await second.send(["1"], new Date(start.getTime() + 5 * 60_000));
    expect(onward).toContain("state");
    // Dialled again an hour later: the language screen, as a first call.
    const third = session(phone);
    expect(await third.send([], new Date(start.getTime() + RESUME_WITHIN_MS + 60 * 60_000))).not.toContain("Continue");
  });

  it("shows a registered number its ticket, sends it again (a few times an hour) and cancels it", async () => {
    const phone = newPhone();
    const call = session(phone);
    for (let i = 0; i <= WHOLE.length; i++) await call.send(WHOLE.slice(0, i));
    const [person] = await registrationOf(phone);
    const menu = session(phone);
    expect(await menu.send([])).toContain(person?.ticket_id);
    expect(await menu.send(["1"])).toMatch(/^END .*sent/);
    const resends = [];
    for (let i = 0; i < 3; i++) resends.push(await session(phone).send(["1"]));
    expect(resends.at(-1)).toMatch(/^END .*(wait|short while)/);
    const cancel = session(phone);
    await cancel.send([]);
    await cancel.send(["2"]);
    expect(await cancel.send(["2", "1"])).toMatch(/^END .*cancelled/);
    expect(await registrationOf(phone)).toHaveLength(0);
    const [cancelled] = await database.db
      .select()
      .from(cancelled_registrations)
      .where(eq(cancelled_registrations.id, person?.id ?? ""));
    expect(cancelled).toMatchObject({ channel: "ussd", email: null });
  });

  it("puts a number on the waitlist when the event is full, once", async () => {
    await updateSettings(database.db, { max_attendees: 1 });
    await createAttendee(database.db);
    try {
      const phone = newPhone();
      const call = session(phone);
      for (let i = 0; i < WHOLE.length; i++) await call.send(WHOLE.slice(0, i));
      expect(await call.send(WHOLE)).toMatch(/^END .*waitlist/);
      const line = await database.db
        .select()
        .from(waitlist)
        .where(and(eq(waitlist.channel, "ussd"), eq(waitlist.phone, phone)));
      expect(line).toMatchObject([{ status: "waiting", email: null, sms_opt_in: true }]);
      expect(await session(phone).send([])).toMatch(/waitlist/);
    } finally {
      await updateSettings(database.db, { max_attendees: 500 });
    }
  });

  it("erases a USSD person by their number: registration, SMS, unfinished menu", async () => {
    const phone = newPhone();
    const call = session(phone);
    for (let i = 0; i <= WHOLE.length; i++) await call.send(WHOLE.slice(0, i));
    const [person] = await registrationOf(phone);
    expect(await erasePersonalData(database.db, SYSTEM_ACTOR, person?.id ?? "")).toBe(true);
    expect(await registrationOf(phone)).toHaveLength(0);
    expect(await database.db.select().from(mail_outbox).where(eq(mail_outbox.to_address, phone))).toEqual([]);
    expect(await database.db.select().from(ussd_drafts).where(eq(ussd_drafts.phone, phone))).toEqual([]);
  });

  it("limits the requests of one number, and deletes drafts after a day", async () => {
    const phone = newPhone();
    const now = new Date();
    let answer = "";
    for (let i = 0; i <= USSD_REQUESTS_PER_10_MINUTES; i++) answer = await session(phone).send([], now);
    expect(answer).toMatch(/^END .*(Too many|try again)/);
    const swept = await sweepUssdDrafts(database.db, new Date(now.getTime() + 25 * 60 * 60_000));
    expect(swept).toBeGreaterThan(0);
    expect(await database.db.select().from(ussd_drafts).where(eq(ussd_drafts.phone, phone))).toEqual([]);
  });
});
