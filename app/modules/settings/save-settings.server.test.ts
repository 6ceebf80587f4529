import { parseWithZod } from "@conform-to/zod/v4";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { EMAIL_MESSAGE } from "~/db/email";
import { createAttendee } from "~/db/factories";
import { attendees, audit_log, editions } from "~/db/schema";
import type { FieldChange } from "~/modules/audit/changes";
import { createAdmin } from "~/modules/auth/accounts.server";
import { concludedWithPeople } from "~/modules/editions/edition-state.server";
import { localizedSettings } from "./localized-settings";
import { type SaveSettingsOptions, saveSettings as saveSettingsWith } from "./save-settings.server";
import {
  CAPACITY_MESSAGE,
  capacityBelowRegistered,
  editionConcludedMessage,
  OFFER_HOURS_MESSAGE,
  RETENTION_MESSAGE,
  type SettingsInput,
  settingsSchema,
} from "./schemas";
import { getSettings, updateSettings } from "./settings.server";
import { openRegistration } from "./test-data.server";

/** Saved as the settings page saves: with the editions' rule that a concluded edition keeps its date. */
const saveSettings = (
  db: Parameters<typeof saveSettingsWith>[0],
  actor: Parameters<typeof saveSettingsWith>[1],
  input: Parameters<typeof saveSettingsWith>[2],
  options: Partial<SaveSettingsOptions> = {},
) => saveSettingsWith(db, actor, input, { keepsItsDate: concludedWithPeople, ...options });

const form = (overrides: Record<string, string> = {}) => {
  const body = new FormData();
  const fields: Record<string, string> = {
    event_name: "Zamfara Youth Summit 2026",
    event_date: "2026-12-23",
    event_starts_at: "09:00:00",
    event_ends_at: "16:00:00",
    venue: "Ɗan Fodio Hall, Gusau",
    about: "A day of dialogue.",
    contact_email: "hello@example.org",
    contact_phone: "",
    max_attendees: "300",
    registration_enabled: "on",
    auto_reminders: "on",
    waitlist_offer_hours: "48",
    organiser_name: "Zamfara State Ministry of Youth",
    privacy_email: "",
    retention_days: "30",
    guest_of_honor_name: "His Excellency",
    facebook_url: "https://facebook.com/summit",
    hold_network_per_minute: "25",
    hold_domain_per_10_minutes: "30",
    hold_overall_per_minute: "120",
    held_expiry_hours: "12",
    proof_of_work_always: "on",
    certificate_signer_name: "Hon. Aminu Sani",
    certificate_signer_title: "Commissioner for Youth and Sports",
    auto_certificates: "on",
    certificate_valid_days: "",
    feedback_days: "21",
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) if (value !== "") body.set(key, value);
  return body;
};
const errorsOf = (overrides: Record<string, string>) => {
  const submission = parseWithZod(form(overrides), { schema: settingsSchema });
  return (submission.status === "error" ? submission.error : null) ?? {};
};

describe("settings form schema", () => {
  it("accepts a complete form; the toggles are on only when ticked", () => {
    const ok = parseWithZod(form(), { schema: settingsSchema });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toMatchObject({
      max_attendees: 300,
      registration_enabled: true,
      auto_reminders: true,
      contact_phone: "",
      waitlist_offer_hours: 48,
      organiser_name: "Zamfara State Ministry of Youth",
      privacy_email: "",
      retention_days: 30,
      hold_network_per_minute: 25,
      held_expiry_hours: 12,
      proof_of_work_always: true,
      certificate_signer_name: "Hon. Aminu Sani",
      auto_certificates: true,
      // Empty: certificates verify as long as personal data is kept.
      certificate_valid_days: null,
      feedback_days: 21,
    });
    const off = parseWithZod(form({ registration_enabled: "", auto_reminders: "" }), { schema: settingsSchema });
    expect(off.status === "success" && [off.value.registration_enabled, off.value.auto_reminders]).toEqual([false, false]);
  });

  it("takes the certificates' verification period as a whole number of days, or empty", () => {
    const valid = (value: string) => parseWithZod(form({ certificate_valid_days: value }), { schema: settingsSchema });
    const success = valid(" 365 ");
    expect(success.status === "success" && success.value.certificate_valid_days).toBe(365);
    for (const refused of ["0", "36501", "1.5", "-3", "ten"]) {
      expect(errorsOf({ certificate_valid_days: refused }).certificate_valid_days, refused).toEqual([
        "Please enter a whole number of days from 1 to 36,500, or leave it empty",
      ]);
    }
    expect(errorsOf({ feedback_days: "" }).feedback_days).toEqual(["Please fill in all required fields"]);
    expect(errorsOf({ feedback_days: "366" }).feedback_days).toEqual(["Please enter a whole number of days from 1 to 365"]);
  });

  it("refuses what the product refuses, with clear messages", () => {
    expect(errorsOf({ venue: "" })).toMatchObject({ venue: ["Please fill in all required fields"] });
    for (const [value, ok] of [
      ["1", true],
      ["10000", true],
      ["0", false],
      ["10001", false],
      ["2.5", false],
      ["ten", false],
      ["1\u0000", false],
    ] as const) {
      // The number's message first (a NUL also gets the text rule's own).
      expect(errorsOf({ hold_network_per_minute: value }).hold_network_per_minute?.[0], value).toEqual(
        ok ? undefined : "Please enter a whole number from 1 to 10,000",
      );
    }
    expect(errorsOf({ contact_email: "not an email" })).toMatchObject({ contact_email: [EMAIL_MESSAGE] });
    for (const max_attendees of ["0", "10001", "12.5", "-3", "ten", ""]) {
      expect((errorsOf({ max_attendees }).max_attendees ?? [])[0], max_attendees).toMatch(
        max_attendees === "" ? "Please fill in all required fields" : CAPACITY_MESSAGE,
      );
    }
    expect(errorsOf({ event_date: "2026-02-30" })).toMatchObject({ event_date: ["Please enter a valid date"] });
    expect(errorsOf({ instagram_url: "javascript:alert(1)" })).toMatchObject({
      instagram_url: ["Please enter a website address, such as www.example.org or https://example.org"],
    });
    expect(errorsOf({ logo_url: "data:image/png;base64,AAAA" })).toMatchObject({ logo_url: ["Please upload a valid image"] });
    // A bare host name, as people write it, is completed rather than refused.
    expect(errorsOf({ facebook_url: "www.facebook.com/zamfarayouth" })).not.toHaveProperty("facebook_url");
    // A Hausa version within its English field's limit.
    expect(errorsOf({ "translations.ha.about": "x".repeat(3001), "translations.ha.venue": "x".repeat(200) })).toEqual({
      "translations.ha.about": ["Please keep this under 3000 characters"],
    });
  });

  it("takes the personal-data settings within the ranges the database allows", () => {
    for (const [retention_days, ok] of [
      ["1", true],
      ["3650", true],
      ["0", false],
      ["3651", false],
      ["7.5", false],
      ["ninety", false],
    ] as const) {
      expect(errorsOf({ retention_days }).retention_days, retention_days).toEqual(ok ? undefined : [RETENTION_MESSAGE]);
    }
    for (const [waitlist_offer_hours, ok] of [
      ["1", true],
      ["168", true],
      ["0", false],
      ["169", false],
      ["-1", false],
    ] as const) {
      expect(errorsOf({ waitlist_offer_hours }).waitlist_offer_hours, waitlist_offer_hours).toEqual(ok ? undefined : [OFFER_HOURS_MESSAGE]);
    }
    expect(errorsOf({ retention_days: "", waitlist_offer_hours: "", organiser_name: "" })).toMatchObject({
      retention_days: ["Please fill in all required fields"],
      waitlist_offer_hours: ["Please fill in all required fields"],
      organiser_name: ["Please fill in all required fields"],
    });
    // The privacy contact may stay empty (the contact e-mail is used); when given, it is an address.
    expect(errorsOf({ privacy_email: "privacy@example.org" }).privacy_email).toBeUndefined();
    expect(errorsOf({ privacy_email: "privacy at example" })).toMatchObject({ privacy_email: [EMAIL_MESSAGE] });
  });
});

describe.each(DATABASE_KINDS)("saving settings on %s", (kind) => {
  let database: DbConnection;
  let actor: { id: string; email: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    actor = await createAdmin(database.db, { email: `settings-${kind}@example.org`, password: "a long enough password" });
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(attendees);
    await openRegistration(database.db);
    await database.db.update(editions).set({ purge_not_before: null });
    // The form's date, still ahead: a fresh database's default date has passed, and a concluded
    // edition with people keeps its date (the test below).
    await updateSettings(database.db, { event_date: "2026-12-23", event_starts_at: "09:00:00", event_ends_at: "16:00:00" });
  });

  const input = (overrides: Partial<SettingsInput> = {}): SettingsInput => {
    const parsed = parseWithZod(form(), { schema: settingsSchema });
    if (parsed.status !== "success") throw new Error("fixture form is invalid");
    return { ...parsed.value, ...overrides };
  };

  it("saves every field and records what changed", async () => {
    const { db } = database;
    expect(await saveSettings(db, actor, input())).toEqual({ ok: true });
    expect(await getSettings(db)).toMatchObject({
      venue: "Ɗan Fodio Hall, Gusau",
      max_attendees: 300,
      facebook_url: "https://facebook.com/summit",
      waitlist_offer_hours: 48,
      organiser_name: "Zamfara State Ministry of Youth",
      privacy_email: "",
      retention_days: 30,
      hold_network_per_minute: 25,
      proof_of_work_always: true,
    });
    const [entry] = await db.select().from(audit_log).where(eq(audit_log.action, "settings.update"));
    const changes = (entry?.details as { changes?: FieldChange[] } | undefined)?.changes ?? [];
    expect(changes.map((c) => c.field)).toEqual(expect.arrayContaining(["venue", "max_attendees", "retention_days", "organiser_name"]));
    // From what to what, in the form's words.
    expect(changes).toContainEqual({
      field: "venue",
      label: "Venue name",
      from: "Conference Hall, State Secretariat, Gusau",
      to: "Ɗan Fodio Hall, Gusau",
    });
    expect(changes).toContainEqual({ field: "proof_of_work_always", label: "Proof-of-work challenge always", from: "off", to: "on" });
  });

  it("saves the Hausa about text, venue and guest of honour's title; an unchanged save records no change; clearing removes them", async () => {
    const { db } = database;
    const hausa = { "translations.ha.about": "Ranar tattaunawa.", "translations.ha.venue": "Zauren Ɗan Fodio, Gusau" };
    const parsed = (overrides: Record<string, string>) => {
      const submission = parseWithZod(form(overrides), { schema: settingsSchema });
      if (submission.status !== "success") throw new Error("form is invalid");
      return submission.value;
    };
    expect(await saveSettings(db, actor, parsed(hausa))).toEqual({ ok: true });
    const saved = await getSettings(db);
    expect(saved.translations).toEqual({ ha: { about: "Ranar tattaunawa.", venue: "Zauren Ɗan Fodio, Gusau" } });
    expect(localizedSettings(saved, "ha")).toMatchObject({
      event_name: "Zamfara Youth Summit 2026",
      about: "Ranar tattaunawa.",
      venue: "Zauren Ɗan Fodio, Gusau",
      guest_of_honor_name: "His Excellency",
    });
    expect(localizedSettings(saved, "en")).toMatchObject({ about: "A day of dialogue.", venue: "Ɗan Fodio Hall, Gusau" });

    await saveSettings(
      db,
      actor,
      parsed({ "translations.ha.venue": "Zauren Ɗan Fodio, Gusau", "translations.ha.about": "Ranar tattaunawa." }),
    );
    const entries = await db.select().from(audit_log).where(eq(audit_log.action, "settings.update")).orderBy(audit_log.created_at);
    expect((entries.at(-1)?.details as { changes?: FieldChange[] } | undefined)?.changes).toEqual([]);

    await saveSettings(db, actor, parsed({ "translations.ha.about": "Ranar tattaunawa." }));
    expect((await getSettings(db)).translations).toEqual({ ha: { about: "Ranar tattaunawa." } });
    await saveSettings(db, actor, parsed({}));
    expect((await getSettings(db)).translations).toEqual({});
  });

  it("keeps a concluded edition with people on its date: a later date is refused and points to the next edition", async () => {
    const { db } = database;
    // The event on 24 December 2026; today 5 January 2027.
    const now = new Date("2027-01-05T09:00:00Z");
    const held = input({ event_date: "2026-12-24", event_starts_at: "08:00:00", event_ends_at: "17:00:00" });
    expect(await saveSettings(db, actor, held, { now })).toEqual({ ok: true });
    // Nobody took part: the date may move on (a summit that never happened is not archived).
    expect(await saveSettings(db, actor, input({ ...held, event_date: "2027-12-23" }), { now })).toEqual({ ok: true });
    // Back a year, weeks before the event: asked first (change-consequences.ts), then saved; the
    // event then takes place.
    const weeksBefore = new Date("2026-12-01T09:00:00Z");
    const back = await saveSettings(db, actor, held, { now: weeksBefore });
    expect(back).toMatchObject({ ok: false, reason: "confirm" });
    await saveSettings(db, actor, held, { now: weeksBefore, confirmed: back.ok ? "" : "fingerprint" in back ? back.fingerprint : "" });
    expect((await getSettings(db)).event_date).toBe("2026-12-24");
    await createAttendee(db);
    expect(await saveSettings(db, actor, input({ ...held, event_date: "2027-12-23" }), { now })).toEqual({
      ok: false,
      reason: "concluded",
      edition: "First edition",
      eventDate: "2026-12-24",
    });
    expect((await getSettings(db)).event_date).toBe("2026-12-24");
    // Correcting it into the past, or any other field, still saves.
    expect(await saveSettings(db, actor, input({ ...held, event_date: "2026-12-23", venue: "Elsewhere" }), { now })).toEqual({
      ok: true,
    });
    // Before the event is over its date moves as ever.
    const during = new Date("2026-12-23T10:00:00Z");
    const later = input({ ...held, event_date: "2027-01-20" });
    expect(await saveSettings(db, actor, later, { now: during, confirmed: "2027-01-20|8:00 AM - 5:00 PM|30" })).toEqual({ ok: true });
    expect(editionConcludedMessage("First edition", "2026-12-24")).toBe(
      'The First edition took place on Thursday, 24 December 2026 and has registrations: a later date would carry them into next year. Use "Start the Next Edition" for the next summit.',
    );
  });

  it("asks before a year typed wrong, saves it only as confirmed, and never brings the deletion nearer than a week", async () => {
    const { db } = database;
    // Registration is open for 20 August 2026; today is 1 June 2026; two people registered.
    const now = new Date("2026-06-01T09:00:00Z");
    const planned = input({ event_date: "2026-08-20", event_starts_at: "08:00:00", event_ends_at: "17:00:00" });
    expect(await saveSettings(db, actor, planned, { now })).toEqual({ ok: true });
    await createAttendee(db);
    await createAttendee(db);
    const typo = input({ ...planned, event_date: "2025-08-20" });
    const asked = await saveSettings(db, actor, typo, { now });
    expect(asked).toEqual({
      ok: false,
      reason: "confirm",
      fingerprint: "2025-08-20|8:00 AM - 5:00 PM|30",
      message:
        "Wednesday, 20 August 2025 is 9 months ago: the event would be over and registration would close. The personal data of 2 people would be deleted on Monday, 8 June 2026, a week from now. Is this what you meant?",
    });
    // Nothing saved, nothing recorded, until the organiser says yes to exactly that.
    expect((await getSettings(db)).event_date).toBe("2026-08-20");
    expect(await saveSettings(db, actor, typo, { now, confirmed: "2025-08-21|8:00 AM - 5:00 PM|30" })).toMatchObject({ reason: "confirm" });
    expect(await saveSettings(db, actor, typo, { now, confirmed: "2025-08-20|8:00 AM - 5:00 PM|30" })).toEqual({ ok: true });
    const [entry] = await db
      .select()
      .from(audit_log)
      .where(eq(audit_log.action, "settings.update"))
      .orderBy(desc(audit_log.created_at))
      .limit(1);
    expect(entry?.details).toMatchObject({
      changes: [{ field: "event_date", label: "Event date", from: "Thursday, 20 August 2026", to: "Wednesday, 20 August 2025" }],
      confirmed: expect.stringContaining("9 months ago"),
    });
    // The retention deadline (30 days after 20 August 2025) is long past, yet nobody is deleted for a week.
    const [edition] = await db.select({ at: editions.purge_not_before }).from(editions);
    expect(edition?.at).toEqual(new Date("2026-06-08T09:00:00Z"));
    // Another year ahead, with people, is asked about too; a fresh site's first date is not (nothing hangs on it).
    expect(
      await saveSettings(db, actor, input({ ...planned, event_date: "2027-08-20" }), { now: new Date("2025-06-01T09:00:00Z") }),
    ).toMatchObject({
      reason: "confirm",
      message: "This moves the event from Wednesday, 20 August 2025 to Friday, 20 August 2027, in 2027. Is this what you meant?",
    });
    // The typo is put right: the edition is over only because of it, so the right date may come
    // back (asked, as another year), and the people stay registered for it.
    const corrected = await saveSettings(db, actor, planned, { now });
    expect(corrected).toMatchObject({ ok: false, reason: "confirm", fingerprint: "2026-08-20|8:00 AM - 5:00 PM|30" });
    expect(await saveSettings(db, actor, planned, { now, confirmed: "2026-08-20|8:00 AM - 5:00 PM|30" })).toEqual({ ok: true });
    expect((await getSettings(db)).event_date).toBe("2026-08-20");
  });

  it("never lowers the capacity below the people already registered", async () => {
    const { db } = database;
    for (let i = 0; i < 3; i++) await createAttendee(db);
    const before = await getSettings(db);
    expect(await saveSettings(db, actor, input({ max_attendees: 2, venue: "Elsewhere" }))).toEqual({
      ok: false,
      reason: "capacity",
      registered: 3,
    });
    expect(await getSettings(db)).toMatchObject({ max_attendees: 500, venue: before.venue });
    expect(await saveSettings(db, actor, input({ max_attendees: 3 }))).toEqual({ ok: true });
    expect((await getSettings(db)).max_attendees).toBe(3);
    expect(capacityBelowRegistered(3)).toBe("3 people have already registered. Maximum attendees cannot be lower than 3.");
    expect(capacityBelowRegistered(1)).toBe("1 person has already registered. Maximum attendees cannot be lower than 1.");
  });

  it.runIf(kind === "postgres")("waits for a registration in progress before comparing (the settings row lock)", async () => {
    const { db } = database;
    await createAttendee(db);
    // A registration holds the settings row while it adds the second person…
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const registration = db.transaction(async (tx) => {
      await tx.execute(sql`select id from event_settings for update`);
      await createAttendee(tx);
      locked();
      await held;
    });
    await isLocked;
    // …so lowering the capacity to 1 at that moment must wait and then see 2 people.
    const saving = saveSettings(db, actor, input({ max_attendees: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await registration;
    expect(await saving).toEqual({ ok: false, reason: "capacity", registered: 2 });
  });
});
