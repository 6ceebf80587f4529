import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, audit_log, future_invitations, invitations_sent, mail_outbox, waitlist } from "~/db/schema";
import { purgePersonalDataIfDue } from "~/modules/attendees/retention.server";
import { PermanentMailError } from "~/modules/mail/transport.server";
import { retentionDeadline } from "~/modules/settings/purge-schedule";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { renderInvitationMail } from "./invitation-email.server";
import { verifyInvitationToken } from "./invitation-token.server";
import { invitationMessage, invitationOverview, queueInvitations } from "./invite.server";
import { optInOf, recordOptIn, withdrawOptIn } from "./opt-in.server";

const KEYS = { publicUrl: "https://summit.example.org", secret: "invite-test-secret-0123456789abcdef" };
const ORGANISER = { id: null, email: "organiser@example.org" };
const CONSENT = { consentedAt: new Date("2025-08-01T10:00:00Z"), noticeVersion: "3" };

describe.each(DATABASE_KINDS)("Invite Past Attendees on %s", (kind) => {
  let database: DbConnection;
  const optIn = (email: string, language = "en", name = `Person ${email}`) =>
    recordOptIn(database.db, { full_name: name, email, phone: "+2348030000000", language }, CONSENT);
  const invitationMails = () => database.db.select().from(mail_outbox).where(eq(mail_outbox.kind, "invitation"));
  const startEdition = async (id: number, name: string, ha: string) => {
    await database.db.execute(
      sql`insert into editions (id, name, translations) values (${id}, ${name}, ${JSON.stringify({ ha: { name: ha } })}::jsonb) on conflict do nothing`,
    );
    await database.db.execute(sql`update event_settings set edition_id = ${id}`);
  };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [future_invitations, mail_outbox, waitlist, attendees, audit_log]) await database.db.delete(table);
    await database.db.execute(sql`update event_settings set edition_id = 1`);
    await updateSettings(database.db, {
      event_name: "Zamfara Youth Summit",
      event_date: "2027-08-12",
      event_starts_at: "08:00:00",
      event_ends_at: "17:00:00",
      venue: "Gusau Township Stadium",
      translations: { ha: { venue: "Filin wasa na Gusau" } },
    });
  });

  it("queues one invitation per person per edition, however often and however concurrently it is pressed", async () => {
    const { db } = database;
    for (const email of ["a@example.org", "b@example.org", "c@example.org"]) await optIn(email);
    const runs = await Promise.all([queueInvitations(db, ORGANISER), queueInvitations(db, ORGANISER), queueInvitations(db, ORGANISER)]);
    expect(runs.map((run) => run.queued).reduce((a, b) => a + b, 0)).toBe(3);
    expect((await queueInvitations(db, ORGANISER)).queued).toBe(0);
    const mails = await invitationMails();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(["a@example.org", "b@example.org", "c@example.org"]);
    expect(mails.every((mail) => mail.template === invitationMessage.name && mail.edition_id === 1)).toBe(true);
    expect(await db.select().from(invitations_sent)).toHaveLength(3);
    expect(await invitationOverview(db, 1)).toEqual({ optedIn: 3, toInvite: 0, progress: { total: 3, queued: 3, sent: 0, failed: 0 } });
    const logged = await db.select().from(audit_log).where(eq(audit_log.action, "invitations.send"));
    expect(logged.map((entry) => entry.details.queued).sort()).toEqual([0, 0, 0, 3]);

    // A newcomer gets one on the next press; the next edition invites everyone again, once.
    await optIn("d@example.org");
    expect((await queueInvitations(db, ORGANISER)).queued).toBe(1);
    await startEdition(2, "Second edition", "Zagaye na biyu");
    expect(await invitationOverview(db, 2)).toMatchObject({ optedIn: 4, toInvite: 4, progress: { total: 0 } });
    const [second, again] = await Promise.all([queueInvitations(db, ORGANISER), queueInvitations(db, ORGANISER)]);
    expect(second.queued + again.queued).toBe(4);
    expect(await invitationMails()).toHaveLength(8);
  });

  it("leaves out whoever is registered or in line for the current edition", async () => {
    const { db } = database;
    await optIn("registered@example.org");
    await createAttendee(db, { email: "Registered@Example.org " });
    await optIn("waiting@example.org");
    await db.insert(waitlist).values({ full_name: "W", email: "waiting@example.org", phone: "+2348030000009", gender: "male" });
    await optIn("past@example.org");
    expect(await invitationOverview(db, 1)).toMatchObject({ optedIn: 3, toInvite: 1 });
    expect((await queueInvitations(db, ORGANISER)).queued).toBe(1);
    expect((await invitationMails()).map((mail) => mail.to_address)).toEqual(["past@example.org"]);
  });

  it("writes each invitation in its person's language, with the way to stop them", async () => {
    const { db } = database;
    await startEdition(2, "Second edition", "Zagaye na biyu");
    await optIn("hausa@example.org", "ha", "Hauwa Ƙasimu");
    await optIn("english@example.org", "en", "Emeka Obi");
    await queueInvitations(db, ORGANISER);
    const mails = await invitationMails();
    const hausa = mails.find((mail) => mail.to_address === "hausa@example.org");
    const english = mails.find((mail) => mail.to_address === "english@example.org");
    expect(hausa?.subject).toBe("An gayyace ku: Zamfara Youth Summit, Zagaye na biyu");
    expect(english?.subject).toBe("You're invited: Zamfara Youth Summit, Second edition");

    const rendered = await renderInvitationMail(db, hausa?.template_data ?? null, KEYS);
    expect(rendered.subject).toBe("An gayyace ku: Zamfara Youth Summit, Zagaye na biyu");
    expect(rendered.html).toContain('lang="ha"');
    expect(rendered.text).toContain("Sannu Hauwa Ƙasimu");
    expect(rendered.text).toContain("Zagaye na biyu");
    expect(rendered.text).toContain("Filin wasa na Gusau");
    expect(rendered.text).toContain("8:00 AM - 5:00 PM");
    expect(rendered.html).toContain(`${KEYS.publicUrl}/register?lang=ha`);
    // The link and the headers name this opt-in, signed.
    const stop = /<(https:\/\/summit\.example\.org\/future-editions\/([^>?]+)\?lang=ha)>/.exec(
      rendered.headers?.["List-Unsubscribe"] ?? "",
    );
    expect(stop).not.toBeNull();
    expect(rendered.html).toContain(stop?.[1]);
    expect(verifyInvitationToken(decodeURIComponent(stop?.[2] ?? ""), KEYS.secret)).toBe((await optInOf(db, "hausa@example.org"))?.id);
    expect(rendered.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    const inEnglish = await renderInvitationMail(db, english?.template_data ?? null, KEYS);
    expect(inEnglish.text).toContain("Zamfara Youth Summit is coming back: Second edition");
    expect(inEnglish.text).toContain("Gusau Township Stadium");
    expect(inEnglish.text).toContain("Stop telling me about future editions");
  });

  it("outlives the retention purge of its edition, with the record of who was invited", async () => {
    const { db } = database;
    await optIn("kept@example.org", "ha", "Kept Person");
    await createAttendee(db, { email: "purged@example.org" });
    await queueInvitations(db, ORGANISER);
    expect(await purgePersonalDataIfDue(db, retentionDeadline(await getSettings(db)))).not.toBeNull();
    expect(await db.select().from(attendees)).toEqual([]);
    expect(await invitationMails()).toEqual([]);
    expect(await optInOf(db, "kept@example.org")).toMatchObject({ full_name: "Kept Person", language: "ha" });
    expect(await db.select().from(invitations_sent)).toEqual([expect.objectContaining({ edition_id: 1, mail_id: null })]);
    // Pressed again in the same edition: still nobody twice.
    expect((await queueInvitations(db, ORGANISER)).queued).toBe(0);
  });

  it("withdrawing takes back what is still queued, and an invitation it missed is not sent", async () => {
    const { db } = database;
    await optIn("leaving@example.org");
    await optIn("staying@example.org");
    await queueInvitations(db, ORGANISER);
    const leaving = await optInOf(db, "leaving@example.org");
    const [mail] = (await invitationMails()).filter((row) => row.to_address === "leaving@example.org");
    expect(await withdrawOptIn(db, leaving?.id ?? "", ORGANISER)).toBe(true);
    expect((await invitationMails()).map((row) => row.to_address)).toEqual(["staying@example.org"]);
    expect(await db.select().from(invitations_sent)).toHaveLength(1);
    await expect(renderInvitationMail(db, mail?.template_data ?? null, KEYS)).rejects.toBeInstanceOf(PermanentMailError);
    expect(await withdrawOptIn(db, leaving?.id ?? "", ORGANISER)).toBe(false);
  });
});
