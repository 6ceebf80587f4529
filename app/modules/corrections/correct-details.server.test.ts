import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readPdfPages, streamBytes } from "#tests/support/pdf-pages.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee, createUssdAttendee, createWalkInAttendee } from "~/db/factories";
import { attendees, audit_log, mail_outbox } from "~/db/schema";
import { badgesPdfStream } from "~/modules/badges/badges.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { selfServiceRegistration } from "~/modules/tickets/self-service.server";
import { signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { correctDetails } from "./correct-details.server";
import { checkOrganiserCorrection, checkSelfCorrection } from "./details-schema";
import { selfCorrectionAction, selfCorrectionPage } from "./self-correction.server";

const SECRET = "corrections-secret-0123456789abcdef";
const ORGANISER = { id: null, email: "organiser@example.org" };
// The event on Thursday 24 December 2026 from 8:00 in Lagos; corrections close two days before, at 07:00 UTC on the 22nd.
const BEFORE = new Date("2026-12-01T10:00:00Z");
const AFTER = new Date("2026-12-22T07:00:01Z");

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
};
const details = (overrides: Record<string, string> = {}) => ({
  fullName: "Fatima Ɗanjuma",
  phone: "0803 123 4567",
  gender: "female",
  organization: "Gusau Youth Forum",
  position: "Secretary",
  state: "Zamfara",
  localGovernment: "Gusau",
  ...overrides,
});

describe("correction forms", () => {
  it("check the person's details by registration's rules, and take no e-mail address from the person", () => {
    const ok = checkSelfCorrection(form(details({ fullName: "  Fatima  Ɗanjuma ", email: "thief@example.org" })));
    expect(ok).toEqual({
      value: { ...details(), fullName: "Fatima  Ɗanjuma" },
    });
    const bad = checkSelfCorrection(form(details({ fullName: "visit evil.com", phone: "0803 123 456", gender: "robot" })));
    expect("error" in bad && Object.keys(bad.error).sort()).toEqual(["fullName", "gender", "phone"]);
    expect(checkSelfCorrection(form(details({ localGovernment: "Ikeja" })))).toHaveProperty("error.localGovernment");
    expect(checkSelfCorrection(form(details({ fullName: "Fa\u0000tima" })))).toHaveProperty("error.fullName");
    // Combining marks are stored composed (NFC), as at registration.
    const composed = checkSelfCorrection(form(details({ fullName: "Zainab Ƴarʼadua Mu\u0301sa" })));
    expect("value" in composed && composed.value.fullName).toBe("Zainab Ƴarʼadua Músa");
    expect(checkOrganiserCorrection(form({ ...details(), email: "a@b" }))).toHaveProperty("error.email");
    expect(checkOrganiserCorrection(form({ ...details(), email: "new@example.org", locked: "on" }))).toMatchObject({
      value: { email: "new@example.org", locked: "on" },
    });
  });
});

describe.each(DATABASE_KINDS)("correcting details on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [mail_outbox, attendees, audit_log]) await database.db.delete(table);
    await updateSettings(database.db, {
      event_date: "2026-12-24",
      event_starts_at: "08:00:00",
      event_ends_at: "17:00:00",
      corrections_close_days: 2,
    });
  });

  const selfValue = (fields: Record<string, string>) => {
    const verdict = checkSelfCorrection(form(fields));
    if (!("value" in verdict)) throw new Error("invalid");
    return verdict.value;
  };
  const organiserValue = (fields: Record<string, string>) => {
    const verdict = checkOrganiserCorrection(form(fields));
    if (!("value" in verdict)) throw new Error("invalid");
    return verdict.value;
  };

  it("lets the person correct their name until the corrections close, records from → to, and sends the ticket again", async () => {
    const { db } = database;
    const person = await createAttendee(db, {
      full_name: "Fatima Danjuma",
      phone: "+2348031234567",
      state: "Zamfara",
      local_government: "Gusau",
    });
    const input = selfValue(details({ fullName: "Fatima Ɗanjuma" }));
    const saved = await correctDetails(db, { by: "self", id: person.id, input, now: BEFORE });
    expect(saved).toMatchObject({ status: "saved", version: 0 });
    const [row] = await db.select().from(attendees).where(eq(attendees.id, person.id));
    expect(row).toMatchObject({ full_name: "Fatima Ɗanjuma", organization: "Gusau Youth Forum", position: "Secretary", token_version: 0 });
    const [entry] = await db.select().from(audit_log).where(eq(audit_log.entity_id, person.id));
    expect(entry).toMatchObject({ action: "attendee.self-update", admin_email: "Attendee (self-service)" });
    expect((entry?.details as { changes: unknown[] } | undefined)?.changes).toContainEqual({
      field: "full_name",
      label: "Full name",
      from: "Fatima Danjuma",
      to: "Fatima Ɗanjuma",
    });
    const mails = await db.select().from(mail_outbox).where(eq(mail_outbox.attendee_id, person.id));
    expect(mails).toMatchObject([{ kind: "details-corrected", to_address: person.email, template: "ticket" }]);
    // Saving the same again changes nothing and sends nothing.
    expect(await correctDetails(db, { by: "self", id: person.id, input, now: BEFORE })).toEqual({ status: "unchanged", version: 0 });
    expect(await db.select().from(mail_outbox)).toHaveLength(1);
    // After the corrections close, or once an organiser locked them, nothing changes.
    const later = selfValue(details({ fullName: "Someone Else" }));
    expect(await correctDetails(db, { by: "self", id: person.id, input: later, now: AFTER })).toEqual({ status: "closed" });
    await db.update(attendees).set({ details_locked: true }).where(eq(attendees.id, person.id));
    expect(await correctDetails(db, { by: "self", id: person.id, input: later, now: BEFORE })).toEqual({ status: "locked" });
    expect((await db.select().from(attendees).where(eq(attendees.id, person.id)))[0]?.full_name).toBe("Fatima Ɗanjuma");
  });

  it("takes at most five of the person's own corrections a day: each sends the ticket again, by SMS too", async () => {
    const { db } = database;
    const person = await createAttendee(db, { sms_opt_in: true });
    for (let i = 0; i < 5; i++) {
      const input = selfValue(details({ fullName: `Fatima Ɗanjuma ${"I".repeat(i + 1)}` }));
      expect(await correctDetails(db, { by: "self", id: person.id, input, now: BEFORE })).toMatchObject({ status: "saved" });
    }
    const sixth = selfValue(details({ phone: "0803 999 0000" }));
    expect(await correctDetails(db, { by: "self", id: person.id, input: sixth, now: BEFORE })).toEqual({ status: "limit" });
    // An organiser is not limited.
    const organiser = organiserValue({ ...details({ phone: "0803 999 0000" }), email: person.email });
    expect(await correctDetails(db, { by: ORGANISER, id: person.id, input: organiser, now: BEFORE })).toMatchObject({ status: "saved" });
  });

  it("gives a new phone a new link: the one sent before stops opening the ticket page", async () => {
    const { db } = database;
    const person = await createAttendee(db, { phone: "+2348031234567" });
    // A WhatsApp reminder still waiting for the mistyped number follows the correction; one already sent stays as it went.
    const [waiting, sent] = await db
      .insert(mail_outbox)
      .values(
        (["pending", "sent"] as const).map((status) => ({
          to_address: "+2348031234567",
          channel: "whatsapp" as const,
          subject: "WhatsApp: reminder",
          html: "",
          text: "",
          kind: "reminder",
          attendee_id: person.id,
          status,
        })),
      )
      .returning({ id: mail_outbox.id });
    const old = signSelfServiceToken(person.id, SECRET);
    const answer = await selfCorrectionAction(db, old, SECRET, form(details({ phone: "+234 0803 765 4321" })), BEFORE);
    expect(answer).toEqual({ status: "saved", token: signSelfServiceToken(person.id, SECRET, 1) });
    expect((await db.select().from(attendees).where(eq(attendees.id, person.id)))[0]).toMatchObject({
      phone: "+2348037654321",
      token_version: 1,
    });
    expect(await selfServiceRegistration(db, old, SECRET)).toBeNull();
    expect(await selfCorrectionPage(db, old, SECRET, "en", BEFORE)).toBeNull();
    const addressOf = async (id: string | undefined) =>
      (
        await db
          .select({ to: mail_outbox.to_address })
          .from(mail_outbox)
          .where(eq(mail_outbox.id, id ?? ""))
      )[0]?.to;
    expect(await addressOf(waiting?.id)).toBe("+2348037654321");
    expect(await addressOf(sent?.id)).toBe("+2348031234567");
    // What was typed wrong comes back with its messages.
    const wrong = await selfCorrectionAction(
      db,
      answer.status === "saved" ? answer.token : "",
      SECRET,
      form(details({ phone: "12" })),
      BEFORE,
    );
    expect(wrong).toMatchObject({ status: "invalid", errors: { phone: [expect.any(String)] }, values: { phone: "12" } });
  });

  it("lets an organiser correct the e-mail address: the ticket goes to the new one, the old link stops, mail waiting follows", async () => {
    const { db } = database;
    const person = await createAttendee(db, { email: "sani.garba@gmial.com", full_name: "Sani Garba" });
    await db.insert(mail_outbox).values({
      to_address: "sani.garba@gmial.com",
      subject: "Reminder",
      html: "",
      text: "",
      kind: "reminder",
      attendee_id: person.id,
    });
    const input = organiserValue({ ...details({ fullName: "Sani Garba", gender: "male" }), email: " Sani.Garba@gmail.com ", locked: "on" });
    const saved = await correctDetails(db, { by: ORGANISER, id: person.id, input });
    expect(saved).toMatchObject({ status: "saved", version: 1 });
    const [row] = await db.select().from(attendees).where(eq(attendees.id, person.id));
    expect(row).toMatchObject({ email: "sani.garba@gmail.com", token_version: 1, details_locked: true });
    const mails = await db.select().from(mail_outbox).where(eq(mail_outbox.attendee_id, person.id)).orderBy(mail_outbox.created_at);
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([
      ["reminder", "sani.garba@gmail.com"],
      ["details-edited", "sani.garba@gmail.com"],
    ]);
    const [entry] = await db.select().from(audit_log).orderBy(desc(audit_log.created_at)).limit(1);
    expect(entry).toMatchObject({ action: "attendee.update", admin_email: ORGANISER.email, details: { locked: true } });
    expect((entry?.details as { changes: unknown[] } | undefined)?.changes).toContainEqual({
      field: "email",
      label: "E-mail",
      from: "sani.garba@gmial.com",
      to: "sani.garba@gmail.com",
    });
    // Another person's address is refused; a web registration keeps an address.
    const other = await createAttendee(db, { email: "taken@example.org" });
    const taking = organiserValue({ ...details(), email: "TAKEN@example.org" });
    expect(await correctDetails(db, { by: ORGANISER, id: person.id, input: taking })).toEqual({ status: "taken", field: "email" });
    expect(await correctDetails(db, { by: ORGANISER, id: person.id, input: organiserValue(details()) })).toEqual({
      status: "email-required",
    });
    expect((await db.select().from(attendees).where(eq(attendees.id, other.id)))[0]?.email).toBe("taken@example.org");
    // Only unlocking: recorded as such, no mail.
    const unlock = organiserValue({ ...details({ fullName: "Sani Garba", gender: "male" }), email: "sani.garba@gmail.com" });
    expect(await correctDetails(db, { by: ORGANISER, id: person.id, input: unlock })).toMatchObject({ status: "saved", changes: [] });
    const [last] = await db.select().from(audit_log).orderBy(desc(audit_log.created_at)).limit(1);
    expect(last).toMatchObject({ action: "attendee.unlock", details: { locked: false } });
  });

  // Badges read the registration's row, so there is no second copy to forget (the organisers'
  // list and the door are tried in tests/e2e/corrections.spec.ts).
  it("prints the corrected name on the badge", async () => {
    const { db } = database;
    const person = await createAttendee(db, { full_name: "Fatima Danjuma", state: "Zamfara", local_government: "Gusau" });
    const input = selfValue(details({ fullName: "Fatima Ɗanjuma" }));
    expect(await correctDetails(db, { by: "self", id: person.id, input, now: BEFORE })).toMatchObject({ status: "saved" });
    const pages = await readPdfPages(
      await streamBytes(await badgesPdfStream(db, { layout: "single", eventName: "Zamfara Youth Summit 2026", secret: SECRET })),
    );
    const badges = pages
      .flatMap((page) => page.items.map((item) => item.str))
      .join(" ")
      .normalize("NFC");
    expect(badges).toContain("Ɗanjuma");
    expect(badges).not.toContain("Danjuma");
  });

  it("keeps a USSD registration's phone its own, and lets it have no address", async () => {
    const { db } = database;
    await createUssdAttendee(db, { phone: "+2348031110000" });
    const person = await createUssdAttendee(db, { phone: "+2348032220000" });
    const input = organiserValue({ ...details({ phone: "08031110000" }) });
    expect(await correctDetails(db, { by: ORGANISER, id: person.id, input })).toEqual({ status: "taken", field: "phone" });
    const fine = organiserValue({ ...details({ fullName: "Musa Ƙaura", phone: "08032220000", gender: "male" }) });
    expect(await correctDetails(db, { by: ORGANISER, id: person.id, input: fine })).toMatchObject({ status: "saved", version: 0 });
  });

  it("lets a walk-in registered at the door without an address be corrected, and keep none; a web registration keeps one", async () => {
    const { db } = database;
    const walkIn = await createWalkInAttendee(db, { phone: "+2348063330000", full_name: "Danladi Kasimu" });
    const fixed = organiserValue({ ...details({ fullName: "Ɗanladi Ƙasimu", phone: "08063330000", gender: "male" }) });
    expect(await correctDetails(db, { by: ORGANISER, id: walkIn.id, input: fixed })).toMatchObject({ status: "saved" });
    const [row] = await db.select().from(attendees).where(eq(attendees.id, walkIn.id));
    expect(row).toMatchObject({ full_name: "Ɗanladi Ƙasimu", email: null, channel: "door" });
    const web = await createAttendee(db);
    const noAddress = organiserValue({ ...details({ phone: "08063330001" }) });
    expect(await correctDetails(db, { by: ORGANISER, id: web.id, input: noAddress })).toEqual({ status: "email-required" });
  });
});
