import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendees, mail_outbox } from "~/db/schema";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { updateSettings } from "~/modules/settings/settings.server";
import { answerUssd } from "./session.server";

// USSD's own "Also send my ticket on WhatsApp?" while WhatsApp is configured: asked after the
// consent, nothing chosen for the person; "Yes" records the consent (when, which notice) and the
// ticket goes on WhatsApp beside the SMS; "No" leaves it by SMS alone; without WhatsApp, no question.

const whatsapp = vi.hoisted(() => ({ on: true }));
vi.mock("~/config.server", async (importOriginal) =>
  (await import("#tests/support/whatsapp-config.ts")).withWhatsApp(await importOriginal(), () => whatsapp.on),
);

const SECRET = "u".repeat(64);
// English, a name, Female, Zamfara, Anka, I agree.
const TO_CONSENT = ["1", "Amina Bello", "2", "1", "1", "1"];

describe.each(DATABASE_KINDS)("USSD's WhatsApp question on %s", (kind) => {
  let database: DbConnection;
  let counter = 0;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const future = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await updateSettings(database.db, { event_date: future, registration_enabled: true, max_attendees: 500 });
  });
  afterAll(async () => {
    await database?.close();
  });
  async function dial(answers: string[]) {
    const phone = `+23480321${String(++counter).padStart(5, "0")}`;
    const sessionId = `ATUid_${phone}`;
    let reply = "";
    for (let i = 0; i <= answers.length; i++) {
      reply = await answerUssd(
        database.db,
        { sessionId, serviceCode: "*384*123#", phoneNumber: phone, networkCode: "62130", text: answers.slice(0, i).join("*") },
        { secret: SECRET },
      );
    }
    const [person] = await database.db.select().from(attendees).where(eq(attendees.phone, phone));
    const channels = person
      ? (
          await database.db
            .select()
            .from(mail_outbox)
            .where(and(eq(mail_outbox.attendee_id, person.id), eq(mail_outbox.kind, "ticket")))
        )
          .map((m) => m.channel)
          .sort()
      : [];
    return { reply, person, channels };
  }

  it("sends the ticket on WhatsApp too after a Yes, recording the consent", async () => {
    whatsapp.on = true;
    const asked = await dial(TO_CONSENT);
    expect(asked.reply).toMatch(/^CON Also send my ticket on WhatsApp/);
    const { reply, person, channels } = await dial([...TO_CONSENT, "1", "1"]);
    expect(reply).toMatch(/^END /);
    expect(person).toMatchObject({
      channel: "ussd",
      sms_opt_in: true,
      whatsapp_opt_in: true,
      whatsapp_consent_version: PRIVACY_NOTICE.version,
    });
    expect(person?.whatsapp_consent_at).toBeInstanceOf(Date);
    expect(channels).toEqual(["sms", "whatsapp"]);
  });

  it("keeps it to SMS after a No, and asks nothing while WhatsApp is off", async () => {
    whatsapp.on = true;
    const no = await dial([...TO_CONSENT, "2", "1"]);
    expect(no.person).toMatchObject({ whatsapp_opt_in: false, whatsapp_consent_at: null });
    expect(no.channels).toEqual(["sms"]);
    whatsapp.on = false;
    const off = await dial([...TO_CONSENT]);
    expect(off.reply).toMatch(/^CON Please check:/);
    const registered = await dial([...TO_CONSENT, "1"]);
    expect(registered.person?.whatsapp_opt_in).toBe(false);
    expect(registered.channels).toEqual(["sms"]);
  });
});
