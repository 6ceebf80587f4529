import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee, createUssdAttendee } from "~/db/factories";
import { attendees, mail_outbox, waitlist, whatsapp_chats, whatsapp_inbound, whatsapp_optouts } from "~/db/schema";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { updateSettings } from "~/modules/settings/settings.server";
import { openRegistration } from "~/modules/settings/test-data.server";
import type { WhatsAppPayload } from "~/modules/whatsapp/payload";
import type { InboundMessage } from "~/modules/whatsapp/webhook-payload";
import { answerChat, sweepChats } from "./chat-session.server";

// Registration by chatting with the summit's WhatsApp number: the USSD menu walked one message
// at a time, its screens as buttons and lists, the same registration, the same rules; a message
// Meta delivers twice (or twice at once) acted on once; STOP, START, "ticket", "cancel".

const whatsapp = vi.hoisted(() => ({ on: true }));
vi.mock("~/config.server", async (importOriginal) =>
  (await import("#tests/support/whatsapp-config.ts")).withWhatsApp(await importOriginal(), () => whatsapp.on),
);

const OPTIONS = { secret: "chat-secret-0123456789abcdef0123456789", publicUrl: "https://summit.example.org" };
const BEFORE_EVENT = new Date("2025-08-01T10:00:00Z");
let counter = 0;

function message(from: string, text: string, kind: InboundMessage["kind"] = "text", id = `wamid.test${++counter}`): InboundMessage {
  return { id, from, timestamp: BEFORE_EVENT, phoneNumberId: "106540352242922", kind, text };
}

describe.each(DATABASE_KINDS)("registration by WhatsApp chat on %s", (kind) => {
  let database: DbConnection;
  let minute = 0;
  /** Each message a minute after the last, as a person types. */
  const at = () => new Date(BEFORE_EVENT.getTime() + ++minute * 60_000);
  const say = (from: string, text: string, kind: InboundMessage["kind"] = "text") =>
    answerChat(database.db, message(from, text, kind), { ...OPTIONS, now: at() });

  /** The chat's replies to a number, oldest first. */
  async function replies(phone: string): Promise<WhatsAppPayload[]> {
    const rows = await database.db
      .select({ data: mail_outbox.template_data })
      .from(mail_outbox)
      .where(and(eq(mail_outbox.to_address, phone), eq(mail_outbox.template, "whatsapp-chat")))
      .orderBy(mail_outbox.created_at);
    return rows.map((row) => (row.data as { payload: WhatsAppPayload }).payload);
  }
  const last = async (phone: string) => (await replies(phone)).at(-1);
  const bodyOf = (payload: WhatsAppPayload | undefined) =>
    payload?.type === "text" ? payload.text.body : payload?.type === "interactive" ? payload.interactive.body.text : "";
  const choicesOf = (payload: WhatsAppPayload | undefined) => {
    if (payload?.type !== "interactive") return [];
    const { interactive } = payload;
    return interactive.type === "button"
      ? interactive.action.buttons.map((b) => `${b.reply.id} ${b.reply.title}`)
      : interactive.action.sections.flatMap((s) => s.rows.map((r) => `${r.id} ${r.title}`));
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    whatsapp.on = true;
    const { db } = database;
    await db.delete(mail_outbox);
    await db.delete(whatsapp_chats);
    await db.delete(whatsapp_inbound);
    await db.delete(whatsapp_optouts);
    await db.delete(waitlist);
    await db.delete(attendees);
    await openRegistration(db);
  });

  it.each([
    ["en", "hello", "1", "Register"],
    ["ha", "rajista", "2", "Zaɓi"],
  ] as const)("registers someone who writes anything, in %s, and answers with the ticket", async (language, first, choice, _label) => {
    const phone = language === "en" ? "+2348031110001" : "+2348031110002";
    await say(phone, first);
    const start = await last(phone);
    // The first screen, in both languages under the event's name: buttons for English and Hausa.
    expect(choicesOf(start)).toEqual(["1 English", "2 Hausa"]);
    await say(phone, choice);
    expect(bodyOf(await last(phone))).toMatch(language === "en" ? /full name/i : /suna/i);
    // A name with Hausa's hooked letters, an apostrophe and a "*" (USSD's separator) kept whole.
    await say(phone, "Ɗahiru Ƙwaƙwalwa*Ʊ Ba'are");
    expect(choicesOf(await last(phone))).toHaveLength(4); // three genders and Back
    await say(phone, "2");
    const states = await last(phone);
    expect(states?.type === "interactive" && states.interactive.type).toBe("list");
    expect(choicesOf(states)[0]).toBe("1 Zamfara");
    await say(phone, "1");
    expect(choicesOf(await last(phone))[0]).toMatch(/^1 /);
    await say(phone, "1");
    // The consent screen carries the privacy notice's link itself (USSD sends it by SMS).
    const consent = await last(phone);
    expect(bodyOf(consent)).toContain("https://summit.example.org/privacy");
    expect(bodyOf(consent)).not.toMatch(/SMS/);
    await say(phone, "1");
    // The confirmation shows the name as typed, every letter (USSD's screen folds it to GSM-7).
    expect(bodyOf(await last(phone))).toContain("Ɗahiru Ƙwaƙwalwa Ʊ Ba'are");
    await say(phone, "1");
    const done = bodyOf(await last(phone));
    const [person] = await database.db.select().from(attendees).where(eq(attendees.phone, phone));
    expect(person).toMatchObject({
      channel: "whatsapp",
      email: null,
      language,
      gender: "female",
      state: "Zamfara",
      whatsapp_opt_in: true,
      whatsapp_consent_version: PRIVACY_NOTICE.version,
      sms_opt_in: false,
    });
    expect(person?.full_name).toBe("Ɗahiru Ƙwaƙwalwa Ʊ Ba'are");
    expect(done).toContain(person?.ticket_id);
    expect(done).not.toMatch(/SMS/);
    // The ticket itself: the WhatsApp template (image, ID, link), queued with the registration.
    const [ticket] = await database.db
      .select()
      .from(mail_outbox)
      .where(and(eq(mail_outbox.to_address, phone), eq(mail_outbox.template, "whatsapp-ticket")));
    expect(ticket).toMatchObject({ channel: "whatsapp", attendee_id: person?.id, fallback_template: "sms-ticket" });
    // The conversation is over; nothing of it is kept.
    const [chat] = await database.db.select().from(whatsapp_chats).where(eq(whatsapp_chats.phone, phone));
    expect(chat).toMatchObject({ session_id: "", answers: [], draft: null });
  });

  it("acts on a message Meta delivers twice, or twice at once, only once", async () => {
    const phone = "+2348031110003";
    for (const text of ["hi", "1", "Musa Sani", "1", "1", "1", "1"]) await say(phone, text);
    const confirm = message(phone, "1");
    const results = await Promise.all([
      answerChat(database.db, confirm, { ...OPTIONS, now: at() }),
      answerChat(database.db, confirm, { ...OPTIONS, now: at() }),
    ]);
    expect(results.sort()).toEqual(["answered", "duplicate"]);
    expect(await answerChat(database.db, confirm, { ...OPTIONS, now: at() })).toBe("duplicate");
    const people = await database.db.select().from(attendees).where(eq(attendees.phone, phone));
    expect(people).toHaveLength(1);
    const tickets = await database.db.select().from(mail_outbox).where(eq(mail_outbox.template, "whatsapp-ticket"));
    expect(tickets).toHaveLength(1);
  });

  it("continues a dropped conversation, and registers a number only once whatever is typed", async () => {
    const phone = "+2348031110004";
    for (const text of ["hi", "1", "Musa Sani", "1"]) await say(phone, text);
    // An hour later: "Continue / Start again", then the state list where it stopped.
    minute += 60;
    await say(phone, "hello again");
    expect(choicesOf(await last(phone))).toEqual(["1 Continue", "2 Start again"]);
    await say(phone, "1");
    expect(choicesOf(await last(phone))[0]).toBe("1 Zamfara");
    for (const text of ["1", "1", "1", "1"]) await say(phone, text);
    expect(await database.db.select().from(attendees).where(eq(attendees.phone, phone))).toHaveLength(1);
    // Writing "register" again reaches the registered person's own menu, not a second registration.
    await say(phone, "register");
    expect(bodyOf(await last(phone))).toMatch(/Your ticket/);
    expect(choicesOf(await last(phone))).toEqual(["1 Send my ticket again", "2 Cancel my registration", "0 Exit"]);
  });

  it("sends the ticket again on 'ticket', and cancels on 'cancel' after asking", async () => {
    const phone = "+2348031110005";
    const person = await createUssdAttendee(database.db, { phone, full_name: "Hauwa Bello" });
    await say(phone, "Ticket");
    expect(bodyOf(await last(phone))).toMatch(/sent it to you here again/);
    const resent = await database.db
      .select()
      .from(mail_outbox)
      .where(and(eq(mail_outbox.template, "whatsapp-ticket"), eq(mail_outbox.attendee_id, person.id)));
    expect(resent).toHaveLength(1);
    await say(phone, "cancel");
    expect(bodyOf(await last(phone))).toContain(person.ticket_id);
    expect(choicesOf(await last(phone))[0]).toBe("1 Yes, cancel it");
    await say(phone, "1");
    expect(bodyOf(await last(phone))).toMatch(/cancelled/);
    expect(await database.db.select().from(attendees).where(eq(attendees.id, person.id))).toHaveLength(0);
  });

  it("sends a web registration's ticket again on 'ticket' when it asked for WhatsApp, and nobody else's", async () => {
    const phone = "+2348031110010";
    const asked = await createAttendee(database.db, { phone, whatsapp_opt_in: true, whatsapp_consent_at: BEFORE_EVENT });
    const notAsked = await createAttendee(database.db, { phone, email: "sibling@example.org" });
    await say(phone, "ticket");
    expect(bodyOf(await last(phone))).toMatch(/sent it to you here again/);
    const tickets = await database.db.select().from(mail_outbox).where(eq(mail_outbox.template, "whatsapp-ticket"));
    expect(tickets.map((t) => t.attendee_id)).toEqual([asked.id]);
    expect(tickets.map((t) => t.attendee_id)).not.toContain(notAsked.id);
  });

  it("answers 'ticket' from a number without one with how to register", async () => {
    await say("+2348031110006", "tikiti");
    expect(bodyOf(await last("+2348031110006"))).toMatch(/no ticket[\s\S]*Babu tikiti/);
  });

  it("stops every WhatsApp message on STOP, and starts them again on START", async () => {
    const phone = "+2348031110007";
    const person = await createUssdAttendee(database.db, {
      phone,
      whatsapp_opt_in: true,
      whatsapp_consent_at: BEFORE_EVENT,
      whatsapp_consent_version: "7",
    });
    await say(phone, "STOP");
    expect(bodyOf(await last(phone))).toMatch(/no more messages/);
    const [stopped] = await database.db.select().from(attendees).where(eq(attendees.id, person.id));
    expect(stopped?.whatsapp_opt_in).toBe(false);
    expect(await database.db.select().from(whatsapp_optouts)).toHaveLength(1);
    await say(phone, "start");
    const [again] = await database.db.select().from(attendees).where(eq(attendees.id, person.id));
    expect(again).toMatchObject({ whatsapp_opt_in: true, whatsapp_consent_version: PRIVACY_NOTICE.version });
    expect(await database.db.select().from(whatsapp_optouts)).toHaveLength(0);
  });

  it("offers the waitlist when the event is full", async () => {
    await updateSettings(database.db, { max_attendees: 1 });
    await createUssdAttendee(database.db, { phone: "+2348031119999" });
    const phone = "+2348031110008";
    for (const text of ["hi", "1", "Zainab Umar", "2", "1", "1", "1", "1"]) await say(phone, text);
    expect(bodyOf(await last(phone))).toMatch(/number 1 on the waitlist; we will message you here/);
    const [entry] = await database.db.select().from(waitlist).where(eq(waitlist.phone, phone));
    expect(entry).toMatchObject({ channel: "whatsapp", whatsapp_opt_in: true, sms_opt_in: false });
  });

  it("asks again after a picture or an empty answer, and sweeps conversations after a day", async () => {
    const phone = "+2348031110009";
    await say(phone, "hi");
    await say(phone, "", "other");
    expect(bodyOf(await last(phone))).toMatch(/Invalid choice/);
    expect(await sweepChats(database.db, new Date(BEFORE_EVENT.getTime() + 3 * 86_400_000))).toBe(1);
    const [left] = await database.db.select().from(whatsapp_chats).orderBy(desc(whatsapp_chats.updated_at));
    expect(left).toBeUndefined();
  });
});
