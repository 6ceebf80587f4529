import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { fillMarks, wholeMark } from "~/modules/mail/mail-merge";
import { signWaitlistToken, verifyWaitlistToken } from "~/modules/waitlist/waitlist-token.server";
import { ticketCalendar } from "./calendar.server";
import { TicketEmail } from "./ticket-email.server";
import { extractDoorCode, signDoorCode, verifyDoorCode } from "./ticket-token.server";

// What people type reaches e-mails, calendar files and links. Under hostile names, event
// texts and tokens: the e-mail's HTML carries them as text only (the mail merge escapes
// exactly as React does), a calendar file keeps them inside their own property, and a token
// is ours or nothing — never an exception.

const SECRET = "renderings-secret-0123456789abcdef";
const settings = (name: string, venue: string) => ({
  event_name: name,
  event_date: "2026-12-24",
  event_starts_at: "08:00:00",
  event_ends_at: "17:00:00",
  venue,
  contact_email: "info@example.org",
  contact_phone: "+234 800 000 0000",
  logo_url: "",
});

/** The markup a string must never appear as: its tags, unescaped. */
const rawMarkup = (value: string) => (/[<>]/.test(value) ? value : null);

describe("e-mails, calendar files and tokens under hostile input", () => {
  it("the mail merge escapes a name exactly as React would (3,000 names)", () => {
    fc.assert(
      fc.property(hostileString, (name) => {
        expect(fillMarks(`<p>${wholeMark(0)}</p>`, [name])).toBe(renderToStaticMarkup(<p>{name}</p>));
        expect(fillMarks(wholeMark(0), [name], { html: false })).toBe(name);
      }),
      { numRuns: 3_000 },
    );
  });

  it("the ticket e-mail shows names and event texts as text, never as markup (300 e-mails)", () => {
    fc.assert(
      fc.property(hostileString, hostileString, hostileString, (fullName, eventName, venue) => {
        const html = renderToStaticMarkup(
          <TicketEmail
            attendee={{ id: "a", email: "a@example.org", full_name: fullName, ticket_id: "ZYS-ABC123-XYZ789" }}
            settings={settings(eventName, venue)}
            ticketUrl="https://summit.example.org/tickets/x?lang=ha"
            cancelUrl="https://summit.example.org/tickets/x/cancel?lang=ha"
            calendarUrl="https://calendar.google.com/calendar/render?action=TEMPLATE"
            dateLabel="Alhamis 24 Disamba, 2026"
            variant={{ kind: "ticket" }}
            language="ha"
          />,
        );
        for (const value of [fullName, eventName, venue]) {
          const raw = rawMarkup(value);
          if (raw) expect(html.includes(raw), raw).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a calendar file keeps every text inside its property: no injected lines, folded at 75 octets (500 files)", () => {
    fc.assert(
      fc.property(hostileString, hostileString, hostileString, (fullName, eventName, venue) => {
        const ics = ticketCalendar({
          settings: settings(eventName || "Summit", venue),
          ticketId: "ZYS-ABC123-XYZ789",
          fullName,
          siteUrl: "https://summit.example.org",
        });
        const lines = ics.split("\r\n");
        for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
        const unfolded = ics
          .replace(/\r\n[ \t]/g, "")
          .split("\r\n")
          .filter(Boolean);
        // Every line is a property (NAME[;params]:value): a CR or LF in a text cannot start a new one.
        for (const line of unfolded) expect(line).toMatch(/^[A-Z][A-Z0-9-]*[;:]/);
        expect(unfolded.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
        expect(unfolded.filter((line) => /^(ATTENDEE|ORGANIZER|BCC|X-INJECTED)/.test(line))).toHaveLength(0);
      }),
      { numRuns: 500 },
    );
  });

  it("a ticket or waitlist token is ours or nothing, whatever is scanned or typed (3,000 tokens)", () => {
    const real = signDoorCode("ZYS-ABC123-XYZ789", SECRET);
    fc.assert(
      fc.property(
        fc.oneof(
          hostileString,
          hostileString.map((s) => `${real}${s}`),
          hostileString.map((s) => `https://x/tickets/${s}`),
        ),
        (text) => {
          const ticket = verifyDoorCode(extractDoorCode(text), SECRET);
          if (ticket !== null) expect(ticket).toBe("ZYS-ABC123-XYZ789");
          expect(verifyWaitlistToken(text, SECRET)).toBeNull();
        },
      ),
      { numRuns: 3_000 },
    );
    const id = "7f8e1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b";
    expect(verifyWaitlistToken(signWaitlistToken(id, SECRET), SECRET)).toBe(id);
    // A ticket's signature is not a waitlist entry's, nor the other way round.
    expect(verifyWaitlistToken(real, SECRET)).toBeNull();
  });
});
