import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createArchivedEdition } from "~/db/factories";
import { audit_log, channel_pauses, mail_outbox } from "~/db/schema";
import { pauseChannel } from "~/modules/mail/channel-pauses.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { readToasts } from "~/ui/toast.server";
import { operationsAction } from "./operations-actions.server";
import { whatsappOverview } from "./whatsapp-overview.server";

// Event Operations' WhatsApp panel: this edition's WhatsApp messages counted by how far each got
// in one aggregate, the SMS that stood in for failed ones, the cost at the organiser's price, the
// pause with its Resume, and the price form.

// Flash toasts are signed with the session secret; a fixed one keeps the test from creating ./data.
vi.stubEnv("SESSION_SECRET", "whatsapp-panel-secret-whatsapp-panel-secret");

const ORGANISER = { id: null, email: "organiser@example.org" };
const BACK = "/admin/operations";

async function toastOf(response: Response): Promise<{ type: string; title: string }> {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const { toasts } = await readToasts(new Request(`http://127.0.0.1${BACK}`, { headers: { Cookie: cookie } }));
  return { type: toasts[0]?.type ?? "", title: toasts[0]?.title ?? "" };
}

type Row = Partial<typeof mail_outbox.$inferInsert>;
const message = (row: Row): typeof mail_outbox.$inferInsert => ({
  channel: "whatsapp",
  to_address: "+2348031234567",
  subject: "WhatsApp: ticket",
  html: "",
  text: "",
  kind: "ticket",
  ...row,
});

describe.each(DATABASE_KINDS)("the WhatsApp panel on %s", (kind) => {
  let database: DbConnection;
  let pastEdition: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    pastEdition = (await createArchivedEdition(database.db)).id;
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [mail_outbox, channel_pauses, audit_log]) await database.db.delete(table);
    await updateSettings(database.db, { event_date: "2026-12-24", whatsapp_price_kobo: 0 });
  });

  const overview = async (configured = true) => whatsappOverview(database.db, await getSettings(database.db), { configured });

  it("counts this edition's WhatsApp messages by the furthest each got, and those that went by SMS instead", async () => {
    const at = new Date("2026-12-20T10:00:00Z");
    await database.db.insert(mail_outbox).values([
      message({ status: "pending" }),
      message({ status: "sending" }),
      message({ status: "sent", sent_at: at }),
      message({ status: "sent", sent_at: at, delivered_at: at }),
      message({ status: "sent", sent_at: at, delivered_at: at }),
      message({ status: "sent", sent_at: at, delivered_at: at, read_at: at }),
      message({ status: "failed", last_error: "131026 Message undeliverable: not on WhatsApp; sent by SMS instead" }),
      message({ status: "failed", last_error: "131047 Re-engagement message" }),
      // Not counted: an SMS, and a WhatsApp message of the edition before.
      message({ channel: "sms", status: "sent" }),
      message({ status: "sent", edition_id: pastEdition }),
    ]);
    const panel = await overview();
    expect(panel?.counts).toEqual({ queued: 2, sent: 1, delivered: 2, read: 1, failed: 2, smsInstead: 1 });
    expect(panel?.accepted).toBe(4);
    // No price yet: no estimate ("Price not set").
    expect(panel).toMatchObject({ configured: true, pause: null, priceKobo: 0, costKobo: null });

    await updateSettings(database.db, { whatsapp_price_kobo: 650 });
    expect(await overview()).toMatchObject({ priceKobo: 650, costKobo: 4 * 650 });
  });

  it("is shown while WhatsApp is configured, or when this edition sent any; not otherwise", async () => {
    expect(await overview(true)).toMatchObject({ counts: { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0, smsInstead: 0 } });
    expect(await overview(false)).toBeNull();
    // An earlier edition's messages do not bring it back.
    await database.db.insert(mail_outbox).values(message({ status: "sent", edition_id: pastEdition }));
    expect(await overview(false)).toBeNull();
    await database.db.insert(mail_outbox).values(message({ status: "failed", last_error: "131000" }));
    expect(await overview(false)).toMatchObject({ configured: false, counts: { failed: 1 } });
  });

  it("says why WhatsApp is paused, and Resume lifts the pause once", async () => {
    const { db } = database;
    await pauseChannel(db, "whatsapp", "Meta: 131042 Business eligibility payment issue");
    expect((await overview())?.pause).toMatchObject({ reason: "Meta: 131042 Business eligibility payment issue" });

    const resume = new FormData();
    resume.set("intent", "whatsapp-resume");
    const resumed = await operationsAction(db, ORGANISER, resume, BACK);
    expect(resumed.status).toBe(302);
    expect(await toastOf(resumed)).toEqual({ type: "success", title: "WhatsApp resumed: the waiting messages go out now" });
    expect(await db.select().from(channel_pauses)).toEqual([]);
    expect(await toastOf(await operationsAction(db, ORGANISER, resume, BACK))).toEqual({ type: "info", title: "WhatsApp was not paused" });
    expect((await db.select({ action: audit_log.action }).from(audit_log)).map((a) => a.action)).toEqual(["whatsapp.resume"]);
  });

  it("sets the price per message in naira, kept in kobo within the settings row's bounds", async () => {
    const { db } = database;
    const price = (value: string) => {
      const form = new FormData();
      form.set("intent", "whatsapp-price");
      form.set("price", value);
      return operationsAction(db, ORGANISER, form, BACK);
    };
    expect(await toastOf(await price("6.50"))).toEqual({ type: "success", title: "Price per WhatsApp message set to ₦6.50" });
    expect((await getSettings(db)).whatsapp_price_kobo).toBe(650);
    // The SMS price is its own.
    expect((await getSettings(db)).sms_price_kobo).toBe(0);
    expect(await toastOf(await price("six"))).toEqual({
      type: "error",
      title: "Enter the price of one WhatsApp message in naira, like 6 or 5.50",
    });
    expect(await toastOf(await price("1000.01"))).toEqual({ type: "error", title: "At most ₦1,000 per WhatsApp message" });
    expect((await getSettings(db)).whatsapp_price_kobo).toBe(650);
    expect(await toastOf(await price("0"))).toMatchObject({ type: "success" });
    expect((await getSettings(db)).whatsapp_price_kobo).toBe(0);
    expect((await db.select({ action: audit_log.action }).from(audit_log)).map((a) => a.action)).toEqual([
      "whatsapp.price",
      "whatsapp.price",
    ]);
  });
});
