import { render, toPlainText } from "@react-email/render";
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import ical, { type VEvent } from "node-ical";
import { PNG } from "pngjs";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { mail_outbox } from "~/db/schema";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import { LANGUAGES, withLanguage } from "~/i18n/languages";
import { formatEventDate } from "~/modules/settings/event-time";
import { googleCalendarUrl } from "./calendar.server";
import { buildTicketEmail, TicketEmail } from "./ticket-email.server";
import { ticketPageUrl } from "./ticket-link.server";
import { enqueueTicket, renderTicketMail } from "./ticket-mail.server";
import { signDoorCode, signSelfServiceToken, verifyDoorCode } from "./ticket-token.server";

const SECRET = "s".repeat(64);
const settings = { ...SETTINGS_DEFAULTS };
const attendee = {
  id: "00000000-0000-4000-8000-000000000042",
  full_name: "Amina Bello",
  email: "amina@example.com",
  ticket_id: "ZYS-MD3K2J1A-ABC123",
};
const token = signDoorCode(attendee.ticket_id, SECRET);
const SITE = "https://summit.example.org";
const ticketUrl = ticketPageUrl(SITE, signSelfServiceToken(attendee.id, SECRET));

describe("ticketPageUrl", () => {
  it("joins the public URL and the token, with or without a trailing slash", () => {
    expect(ticketPageUrl("https://summit.example.org", "ZYS-A-B.c")).toBe("https://summit.example.org/tickets/ZYS-A-B.c");
    expect(ticketPageUrl("https://summit.example.org/", "ZYS-A-B.c")).toBe("https://summit.example.org/tickets/ZYS-A-B.c");
  });
});

describe("buildTicketEmail", () => {
  it("merges each attendee into a layout rendered once per language, byte for byte what rendering the template gives, text too", async () => {
    const people = [
      attendee,
      { ...attendee, full_name: `Ɗanladi "Dee" O'Neil <b>&amp;</b> Ƙasimu`, ticket_id: "ZYS-MD3K2J1A-XYZ789" },
      { ...attendee, full_name: "Ƴ", ticket_id: "ZYS-1" },
    ];
    // An event name long enough that the inbox preview line cuts the ticket ID short.
    const longName = { ...settings, event_name: `${"Zamfara Youth Summit ".repeat(5)}2026` };
    for (const s of [settings, longName])
      for (const variant of [{ kind: "ticket" }, { kind: "reminder", daysLeft: 1 }] as const)
        for (const person of people.flatMap((p) => LANGUAGES.map(({ code }) => ({ ...p, language: code })))) {
          const personToken = signDoorCode(person.ticket_id, SECRET);
          const url = `${ticketPageUrl("https://summit.example.org", signSelfServiceToken(person.id, SECRET))}?a=1&b=2`;
          const merged = await buildTicketEmail({
            attendee: person,
            settings: s,
            ticketUrl: url,
            siteUrl: SITE,
            doorCode: personToken,
            variant,
          });
          const direct = await render(
            createElement(TicketEmail, {
              attendee: person,
              settings: s,
              ticketUrl: withLanguage(url, person.language),
              cancelUrl: withLanguage(`${url}/cancel`, person.language),
              calendarUrl: googleCalendarUrl({
                settings: s,
                ticketId: person.ticket_id,
                fullName: person.full_name,
                siteUrl: SITE,
                language: person.language,
              }),
              dateLabel: formatEventDate(s.event_date, person.language),
              variant,
              language: person.language,
            }),
          );
          expect(merged.html).toBe(direct);
          expect(merged.text).toBe(
            toPlainText(direct, { wordwrap: false, selectors: [{ selector: "h1", options: { uppercase: false } }] }),
          );
        }
  });

  it("announces the ticket in the subject and goes to the attendee", async () => {
    const mail = await buildTicketEmail({ attendee, settings, ticketUrl, siteUrl: SITE, doorCode: token });
    expect(mail.to).toBe("amina@example.com");
    expect(mail.subject).toBe("Your ticket for Zamfara Youth Summit — ZYS-MD3K2J1A-ABC123");
  });

  it("greets the attendee and shows the ticket ID, date, time, venue, link and advice in HTML and text", async () => {
    const mail = await buildTicketEmail({ attendee, settings, ticketUrl, siteUrl: SITE, doorCode: token });
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain("Hello Amina Bello");
      expect(body).toContain("ZYS-MD3K2J1A-ABC123");
      expect(body).toContain("Tuesday, 12 August 2025");
      expect(body).toContain("8:00 AM - 5:00 PM");
      expect(body).toContain("Conference Hall, State Secretariat, Gusau");
      expect(body).toContain(ticketUrl);
      expect(body).toMatch(/spam/);
      expect(body).toMatch(/keep this e-mail or save your ticket/);
      expect(body).toContain("info@zamfarayouthsummit.ng");
    }
    expect(mail.html).toContain("#166534");
    expect(mail.html).toMatch(/<h1[^>]*>Zamfara Youth Summit<\/h1>/);
    expect(mail.text).toContain("Zamfara Youth Summit");
    expect(mail.text).not.toContain("<");
  });

  it("shows the QR code as an inline CID image whose PNG decodes to the signed token", async () => {
    const mail = await buildTicketEmail({ attendee, settings, ticketUrl, siteUrl: SITE, doorCode: token });
    expect(mail.html).toMatch(/<img[^>]+src="cid:ticket-qr"[^>]*>/);
    expect(mail.html).toMatch(/<img[^>]+alt="QR code for ticket ZYS-MD3K2J1A-ABC123"/);
    const qr = mail.attachments?.find((a) => a.cid === "ticket-qr");
    expect(qr).toMatchObject({ filename: "ticket-qr.png", contentType: "image/png" });
    const png = PNG.sync.read(Buffer.from(qr?.content ?? "", "base64"));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? "";
    expect(decoded).toBe(token);
    expect(verifyDoorCode(decoded, SECRET)).toBe(attendee.ticket_id);
  });

  it("attaches a calendar invite for the event", async () => {
    const mail = await buildTicketEmail({ attendee, settings, ticketUrl, siteUrl: SITE, doorCode: token });
    const invite = mail.attachments?.find((a) => a.filename === "zamfara-youth-summit.ics");
    expect(invite?.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    expect(invite?.cid).toBeUndefined();
    const parsed = ical.sync.parseICS(Buffer.from(invite?.content ?? "", "base64").toString("utf8"));
    const event = Object.values(parsed).find((c): c is VEvent => c?.type === "VEVENT");
    expect(event?.start.toISOString()).toBe("2025-08-12T07:00:00.000Z");
  });

  it("gives the invite and the Google Calendar link the site's address and the ticket ID, never the ticket's link", async () => {
    const mail = await buildTicketEmail({ attendee, settings, ticketUrl, siteUrl: SITE, doorCode: token });
    const ics = Buffer.from(mail.attachments?.find((a) => a.filename.endsWith(".ics"))?.content ?? "", "base64").toString("utf8");
    const google = mail.html.match(/href="(https:\/\/calendar\.google\.com\/[^"]+)"/)?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(new URL(google).searchParams.get("details")).toContain(attendee.ticket_id);
    expect(mail.text).toContain("https://calendar.google.com/calendar/render?action=TEMPLATE");
    for (const entry of [ics.replace(/\r\n[ \t]/g, ""), decodeURIComponent(google)]) {
      expect(entry).toContain(SITE);
      expect(entry).not.toContain("/tickets/");
      expect(entry).not.toContain(ticketUrl.split("/tickets/")[1]);
    }
  });

  it("escapes what people type: names and settings cannot inject markup", async () => {
    const mail = await buildTicketEmail({
      attendee: { ...attendee, full_name: `<script>alert("x")</script> & Sons` },
      settings: { ...settings, event_name: "Summit <b>2025</b> & Co", venue: `Hall "A" <img src=x onerror=alert(1)>` },
      ticketUrl,
      siteUrl: SITE,
      doorCode: token,
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>2025");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("&amp; Sons");
    expect(mail.html).toContain("Summit &lt;b&gt;2025&lt;/b&gt; &amp; Co");
    // Plain text is not HTML: it shows exactly what was typed.
    expect(mail.text).toContain(`<script>alert("x")</script> & Sons`);
  });

  it("keeps the subject on one line", async () => {
    const mail = await buildTicketEmail({
      attendee,
      settings: { ...settings, event_name: "Youth\r\nBcc: x@example.com  Summit" },
      ticketUrl,
      siteUrl: SITE,
      doorCode: token,
    });
    expect(mail.subject).toBe("Your ticket for Youth Bcc: x@example.com Summit — ZYS-MD3K2J1A-ABC123");
  });

  it("tells friends without data how to register by USSD when a code is set, in the attendee's language", async () => {
    const build = (language: string, ussdCode?: string) =>
      buildTicketEmail({ attendee: { ...attendee, language }, settings, ticketUrl, siteUrl: SITE, doorCode: token, ussdCode });
    const en = await build("en", "*347*123#");
    expect(en.text).toContain("No data? Friends can register free by dialling *347*123# on any phone.");
    expect(en.html).toContain("*347*123#");
    expect((await build("ha", "*347*123#")).text).toContain("Abokai za su iya yin rajista kyauta ta danna *347*123#");
    // No code configured: no word of USSD (and the layout of the one with a code is not reused).
    expect((await build("en")).text).not.toContain("dialling");
  });
});

describe.each(DATABASE_KINDS)("enqueueTicket on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("queues the ticket e-mail for the attendee inside the caller's transaction, to be rendered by the worker", async () => {
    const row = await createAttendee(database.db, { full_name: "Musa Sani" });
    const id = await database.db.transaction((tx) => enqueueTicket(tx, { attendee: row, eventName: settings.event_name }));
    const [mail] = await database.db
      .select()
      .from(mail_outbox)
      .where(eq(mail_outbox.id, id ?? ""));
    expect(mail).toMatchObject({
      to_address: row.email,
      kind: "ticket",
      attendee_id: row.id,
      status: "pending",
      template: "ticket",
      html: "",
    });
    expect(mail?.subject).toContain(row.ticket_id);

    const rendered = await renderTicketMail(database.db, mail?.template_data ?? null, {
      publicUrl: "https://summit.example.org/",
      secret: SECRET,
    });
    expect(rendered.html).toContain(`https://summit.example.org/tickets/${signSelfServiceToken(row.id, SECRET)}`);
    expect(rendered.html).toContain("Musa Sani");
    expect(rendered.attachments?.map((a) => a.filename)).toEqual(["ticket-qr.png", "zamfara-youth-summit.ics"]);
  });

  it("refuses to render the ticket of an attendee who is no longer registered", async () => {
    const error = await renderTicketMail(
      database.db,
      { attendeeId: "00000000-0000-4000-8000-000000000999" },
      { publicUrl: "http://x", secret: SECRET },
    ).catch((e: unknown) => e);
    expect(String(error)).toContain("no longer registered");
  });

  it("uses the kind it is given (resends) and writes nothing when the transaction rolls back", async () => {
    const row = await createAttendee(database.db);
    await enqueueTicket(database.db, { attendee: row, eventName: settings.event_name, kind: "ticket-resend" });
    const rolledBack = await database.db
      .transaction(async (tx) => {
        await enqueueTicket(tx, { attendee: row, eventName: settings.event_name });
        throw new Error("registration failed later");
      })
      .catch((e: unknown) => e);
    expect(rolledBack).toBeInstanceOf(Error);
    const rows = await database.db.select({ kind: mail_outbox.kind }).from(mail_outbox).where(eq(mail_outbox.attendee_id, row.id));
    expect(rows).toEqual([{ kind: "ticket-resend" }]);
  });
});
