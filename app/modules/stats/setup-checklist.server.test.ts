import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendeeValues } from "~/db/factories";
import { admin_two_factor, agenda, attendees, partners, speakers } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import { createAdmin } from "~/modules/auth/accounts.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { setupChecklist } from "./setup-checklist.server";

const doneSteps = async (db: DbConnection["db"], adminId: string, server = { smtp: false, sms: false }) =>
  (await setupChecklist(db, adminId, server)).steps.filter((s) => s.done).map((s) => s.step);

describe.each(DATABASE_KINDS)("the set-up checklist on %s", (kind) => {
  let database: DbConnection;
  let organiser: { id: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    organiser = await createAdmin(database.db, { email: `setup-${kind}@example.org`, name: "Ɗanjuma", password: "x".repeat(12) });
  });
  afterAll(async () => database?.close());

  it("starts with nothing done on a fresh install, and ticks each step as it is done", async () => {
    const { db } = database;
    expect(await setupChecklist(db, organiser.id, { smtp: false, sms: false })).toMatchObject({ done: 0, total: 10 });

    await updateSettings(db, { event_date: "2027-03-14" });
    expect(await doneSteps(db, organiser.id)).toEqual(["settings"]);

    // A Keynote is a speaker, not a host; a Chief Host is a host.
    await db.insert(speakers).values({ name: "Zainab Ƴarʼadua", title: "Founder", speaker_type: "Keynote" });
    expect(await doneSteps(db, organiser.id)).toEqual(["settings", "speakers"]);
    await db.insert(speakers).values({ name: "His Excellency", title: "Governor", speaker_type: "Chief Host" });
    await db.insert(agenda).values({ time: "09:00", title: "Opening" });
    await db.insert(partners).values({ name: "Ɓangaren Matasa" });
    await createAdmin(db, { email: `door-${kind}@example.org`, name: "Door", password: "x".repeat(12), role: "checkin" });
    expect(await doneSteps(db, organiser.id)).toEqual(["settings", "hosts", "speakers", "agenda", "partners", "door"]);

    // Two factors count once confirmed, and only the account looking at the dashboard's.
    await db.insert(admin_two_factor).values({ admin_id: organiser.id, key_id: "k1", secret: "sealed" });
    expect(await doneSteps(db, organiser.id)).not.toContain("twoFactor");
    await db.update(admin_two_factor).set({ confirmed_at: new Date() }).where(eq(admin_two_factor.admin_id, organiser.id));
    expect(await doneSteps(db, organiser.id)).toContain("twoFactor");

    // The server's side comes from its configuration, given by the route.
    expect(await doneSteps(db, organiser.id, { smtp: true, sms: true })).toEqual(expect.arrayContaining(["mail", "sms"]));
  });

  it("counts a test registration done even after it was deleted", async () => {
    const { db } = database;
    const [person] = await db
      .insert(attendees)
      .values(attendeeValues({ full_name: "Test Person" }))
      .returning();
    expect(await doneSteps(db, organiser.id)).toContain("testRegistration");
    await db.delete(attendees).where(eq(attendees.id, person?.id ?? ""));
    // Deleted through the admin, the delete is in the Activity log.
    await recordAudit(
      db,
      { id: organiser.id, email: `setup-${kind}@example.org` },
      { action: "attendee.delete", entity: "attendee", entityId: person?.id },
    );
    expect(await doneSteps(db, organiser.id)).toContain("testRegistration");
  });
});
