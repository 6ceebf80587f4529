import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { tamperSignature } from "#tests/support/tamper.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, audit_log, cancelled_registrations, mail_outbox, whatsapp_optouts } from "~/db/schema";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { stopWhatsApp } from "~/modules/person/whatsapp-consent.server";
import { readToasts } from "~/ui/toast.server";
import { cancelRegistration } from "./cancel.server";
import { signDoorCode, signSelfServiceToken } from "./ticket-token.server";
import { ticketWhatsApp, ticketWhatsAppAction, WHATSAPP_TOASTS } from "./whatsapp-choice.server";
import { WhatsAppControl } from "./whatsapp-control";
import { WHATSAPP_INTENTS } from "./whatsapp-intents";

// The ticket page's WhatsApp section: asking for the ticket and reminders on WhatsApp too, and
// stopping them, as its plain forms post them; only the person's own link may.

const SECRET = "ticket-whatsapp-secret-0123456789abcdef";
// Flash toasts are signed with the session secret.
vi.stubEnv("SESSION_SECRET", SECRET);
const whatsapp = vi.hoisted(() => ({ on: true }));
vi.mock("~/config.server", async (importOriginal) =>
  (await import("#tests/support/whatsapp-config.ts")).withWhatsApp(await importOriginal(), () => whatsapp.on),
);

const NOW = new Date("2026-11-20T08:00:00Z");

/** The toast the redirect carries, as the ticket page reads it from the cookie; null for none. */
async function toastOf(response: Response): Promise<{ type: string; title: string } | null> {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const { toasts } = await readToasts(new Request("http://127.0.0.1/tickets/x", { headers: { Cookie: cookie } }));
  const [toast] = toasts;
  return toast ? { type: toast.type, title: toast.title } : null;
}

describe.each(DATABASE_KINDS)("the ticket page's WhatsApp buttons on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    whatsapp.on = true;
    for (const table of [whatsapp_optouts, audit_log, cancelled_registrations, attendees]) await database.db.delete(table);
  });

  const press = (token: string, intent: (typeof WHATSAPP_INTENTS)[keyof typeof WHATSAPP_INTENTS]) =>
    ticketWhatsAppAction(database.db, token, SECRET, intent, NOW);
  const rowOf = async (id: string) => (await database.db.select().from(attendees).where(eq(attendees.id, id)))[0];

  it("asks for WhatsApp with the consent of now, then stops the whole number, each answered with the page and a toast", async () => {
    const { db } = database;
    const person = await createAttendee(db, { phone: "+2348031234567" });
    const token = signSelfServiceToken(person.id, SECRET);
    expect(await ticketWhatsApp(db, person.id)).toEqual({ on: false, phone: "0803 123 4567" });

    const started = await press(token, WHATSAPP_INTENTS.start);
    expect(started?.status).toBe(302);
    expect(started?.headers.get("Location")).toBe(`/tickets/${encodeURIComponent(token)}#whatsapp`);
    expect(await toastOf(started as Response)).toEqual({ type: "success", title: WHATSAPP_TOASTS.started });
    expect(await rowOf(person.id)).toMatchObject({
      whatsapp_opt_in: true,
      whatsapp_consent_at: NOW,
      whatsapp_consent_version: PRIVACY_NOTICE.version,
    });
    expect(await ticketWhatsApp(db, person.id)).toEqual({ on: true, phone: "0803 123 4567" });
    // The ticket comes there at once.
    const sent = await db.select().from(mail_outbox).where(eq(mail_outbox.attendee_id, person.id));
    expect(sent.filter((m) => m.channel === "whatsapp").map((m) => [m.template, m.kind])).toEqual([
      ["whatsapp-ticket", "ticket-self-resend"],
    ]);

    // A sibling's registration on the same phone stops with it: STOP is the number's.
    const sibling = await createAttendee(db, { phone: "+2348031234567", whatsapp_opt_in: true, whatsapp_consent_at: NOW });
    const stopped = await press(token, WHATSAPP_INTENTS.stop);
    expect(stopped?.status).toBe(302);
    expect(await toastOf(stopped as Response)).toEqual({ type: "success", title: WHATSAPP_TOASTS.stopped });
    expect(await db.select().from(whatsapp_optouts)).toMatchObject([{ phone: "+2348031234567" }]);
    expect((await rowOf(person.id))?.whatsapp_opt_in).toBe(false);
    expect((await rowOf(sibling.id))?.whatsapp_opt_in).toBe(false);
    // The time it was given stays on record.
    expect((await rowOf(person.id))?.whatsapp_consent_at).toEqual(NOW);
    expect(await ticketWhatsApp(db, person.id)).toEqual({ on: false, phone: "0803 123 4567" });

    const audit = await db.select({ action: audit_log.action, entity_id: audit_log.entity_id }).from(audit_log);
    expect(audit).toEqual([
      { action: "whatsapp.consent", entity_id: person.id },
      { action: "whatsapp.stop", entity_id: person.id },
    ]);
  });

  it("lifts a STOP the number sent when its owner asks again on the ticket page", async () => {
    const { db } = database;
    const person = await createAttendee(db, { whatsapp_opt_in: true, whatsapp_consent_at: NOW });
    await stopWhatsApp(db, person.phone);
    expect(await ticketWhatsApp(db, person.id)).toMatchObject({ on: false });
    await press(signSelfServiceToken(person.id, SECRET), WHATSAPP_INTENTS.start);
    expect(await db.select().from(whatsapp_optouts)).toEqual([]);
    expect(await ticketWhatsApp(db, person.id)).toMatchObject({ on: true });
  });

  it("shows nothing and asks for nothing while WhatsApp is not configured; a stop is still honoured", async () => {
    const { db } = database;
    const person = await createAttendee(db, { whatsapp_opt_in: true, whatsapp_consent_at: NOW });
    const token = signSelfServiceToken(person.id, SECRET);
    whatsapp.on = false;
    expect(await ticketWhatsApp(db, person.id)).toBeNull();
    const other = await createAttendee(db);
    const refused = await press(signSelfServiceToken(other.id, SECRET), WHATSAPP_INTENTS.start);
    expect(await toastOf(refused as Response)).toEqual({ type: "error", title: WHATSAPP_TOASTS.off });
    expect((await rowOf(other.id))?.whatsapp_opt_in).toBe(false);
    expect(await toastOf((await press(token, WHATSAPP_INTENTS.stop)) as Response)).toMatchObject({ title: WHATSAPP_TOASTS.stopped });
    expect((await rowOf(person.id))?.whatsapp_opt_in).toBe(false);
  });

  it("takes only the person's own link: no door code, no forged link; a cancelled registration changes nothing", async () => {
    const { db } = database;
    const person = await createAttendee(db);
    expect(await press(signDoorCode(person.ticket_id, SECRET), WHATSAPP_INTENTS.start)).toBeNull();
    expect(await press(tamperSignature(signSelfServiceToken(person.id, SECRET)), WHATSAPP_INTENTS.start)).toBeNull();
    // A link an organiser's change of phone replaced.
    await db.update(attendees).set({ token_version: 1 }).where(eq(attendees.id, person.id));
    expect(await press(signSelfServiceToken(person.id, SECRET), WHATSAPP_INTENTS.start)).toBeNull();
    expect((await rowOf(person.id))?.whatsapp_opt_in).toBe(false);

    const gone = await createAttendee(db);
    const token = signSelfServiceToken(gone.id, SECRET);
    await cancelRegistration(db, token, SECRET);
    const answer = await press(token, WHATSAPP_INTENTS.start);
    expect(answer?.status).toBe(302);
    expect(await toastOf(answer as Response)).toBeNull();
    expect(await db.select().from(whatsapp_optouts)).toEqual([]);
    expect(await db.select().from(audit_log).where(eq(audit_log.action, "whatsapp.consent"))).toEqual([]);
  });
});

type Section = Parameters<typeof WhatsAppControl>[0]["whatsapp"];
// The section as the ticket page renders it: its form needs a data router.
function Page() {
  const { whatsapp } = useLoaderData() as { whatsapp: Section };
  return <WhatsAppControl whatsapp={whatsapp} />;
}
const Stub = createRoutesStub([{ id: "ticket", path: "/tickets/:token", Component: Page }]);

describe("the ticket page's WhatsApp section", () => {
  const render = (whatsapp: Section) =>
    renderToString(<Stub initialEntries={["/tickets/abc"]} hydrationData={{ loaderData: { ticket: { whatsapp } } }} />);

  /** A submit button posting intent=<value>, whatever the order of its attributes. */
  const button = (value: string) => new RegExp(`<button(?=[^>]*type="submit")(?=[^>]*name="intent")(?=[^>]*value="${value}")[^>]*>`);

  it("is a plain form posting its intent, saying where the messages go", () => {
    const off = render({ on: false, phone: "0803 123 4567" });
    expect(off).toContain('method="post"');
    expect(off).toMatch(button(WHATSAPP_INTENTS.start));
    expect(off).toContain("Get your ticket and reminders on WhatsApp too");
    expect(off).toContain("To 0803 123 4567, from the summit&#x27;s WhatsApp number. Reply STOP to stop.");
    const on = render({ on: true, phone: "0803 123 4567" });
    expect(on).toMatch(button(WHATSAPP_INTENTS.stop));
    expect(on).toContain("Your ticket and reminders also come on WhatsApp to 0803 123 4567.");
    expect(on).toContain("Stop WhatsApp messages");
    expect(render(null)).toBe("");
  });
});
