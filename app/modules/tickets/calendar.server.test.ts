import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import { googleCalendarUrl, ticketCalendar } from "./calendar.server";

const settings = {
  event_name: SETTINGS_DEFAULTS.event_name,
  event_date: SETTINGS_DEFAULTS.event_date,
  event_starts_at: SETTINGS_DEFAULTS.event_starts_at,
  event_ends_at: SETTINGS_DEFAULTS.event_ends_at,
  venue: SETTINGS_DEFAULTS.venue,
};
const input = {
  settings,
  ticketId: "ZYS-MD3K2J1A-ABC123",
  fullName: "Amina Bello",
  siteUrl: "https://summit.example.org",
};

function onlyEvent(text: string): VEvent {
  const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
  expect(events).toHaveLength(1);
  return events[0]!;
}

const text = (value: unknown) => (typeof value === "string" ? value : (value as { val: string }).val);

describe("ticketCalendar", () => {
  it("parses, with the event at 08:00–17:00 Lagos time (07:00Z–16:00Z) on 12 August 2025", () => {
    const ics = ticketCalendar(input);
    const event = onlyEvent(ics);
    expect(event.start.toISOString()).toBe("2025-08-12T07:00:00.000Z");
    expect(event.end?.toISOString()).toBe("2025-08-12T16:00:00.000Z");
    expect(event.start.tz).toBe("Africa/Lagos");
    expect(ics).toContain("DTSTART;TZID=Africa/Lagos:20250812T080000");
    expect(ics).toContain("DTEND;TZID=Africa/Lagos:20250812T170000");
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Africa/Lagos");
    expect(ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(ics).toContain("METHOD:PUBLISH");
  });

  it("names the event, the venue, the ticket and the site, never the ticket's own link", () => {
    const ics = ticketCalendar(input);
    const event = onlyEvent(ics);
    expect(text(event.summary)).toBe("Zamfara Youth Summit");
    expect(text(event.location)).toBe("Conference Hall, State Secretariat, Gusau");
    expect(text(event.description)).toContain("Ticket ID: ZYS-MD3K2J1A-ABC123");
    expect(text(event.description)).toContain("Amina Bello");
    // The site, in the attendee's language (English unless they chose another): calendars are
    // shared and synced, and the ticket's link would cancel the registration and erase the data.
    expect(text(event.description)).toContain("https://summit.example.org/?lang=en");
    expect(text(event.url)).toBe("https://summit.example.org/?lang=en");
    expect(ics).not.toContain("/tickets/");
  });

  it("offers the same entry as a Google Calendar link, times in UTC, in the attendee's language", () => {
    const url = new URL(googleCalendarUrl({ ...input, language: "ha" }));
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Zamfara Youth Summit");
    expect(url.searchParams.get("dates")).toBe("20250812T070000Z/20250812T160000Z");
    expect(url.searchParams.get("location")).toBe("Conference Hall, State Secretariat, Gusau");
    const details = url.searchParams.get("details") ?? "";
    expect(details).toContain("Lambar tikiti: ZYS-MD3K2J1A-ABC123");
    expect(details).toContain("https://summit.example.org/?lang=ha");
    expect(url.href).not.toContain("tickets");
  });

  it("keeps one UID per ticket", () => {
    const uid = onlyEvent(ticketCalendar(input)).uid;
    expect(uid).toBe("ticket-zys-md3k2j1a-abc123@summit.example.org");
    expect(onlyEvent(ticketCalendar({ ...input, fullName: "Someone Else" })).uid).toBe(uid);
    expect(onlyEvent(ticketCalendar({ ...input, ticketId: "ZYS-MD3K2J1A-XYZ789" })).uid).not.toBe(uid);
  });

  it("writes Lagos wall-clock times whatever time zone the server runs in", () => {
    const saved = process.env.TZ;
    try {
      for (const tz of ["America/New_York", "Asia/Tokyo", "UTC"]) {
        process.env.TZ = tz;
        const ics = ticketCalendar(input);
        expect(ics, tz).toContain("DTSTART;TZID=Africa/Lagos:20250812T080000");
        expect(onlyEvent(ics).start.toISOString(), tz).toBe("2025-08-12T07:00:00.000Z");
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it("follows edited settings and escapes text that iCalendar treats specially", () => {
    const ics = ticketCalendar({
      ...input,
      fullName: 'Ngozi "Zee"; Okafor, Jr.\nSecond line',
      settings: {
        event_name: "Summit; 2026, Day 1",
        event_date: "2026-03-05",
        event_starts_at: "09:30:00",
        event_ends_at: "14:00:00",
        venue: "Hall A, Gusau",
      },
    });
    const event = onlyEvent(ics);
    expect(event.start.toISOString()).toBe("2026-03-05T08:30:00.000Z");
    expect(event.end?.toISOString()).toBe("2026-03-05T13:00:00.000Z");
    expect(text(event.summary)).toBe("Summit; 2026, Day 1");
    expect(text(event.location)).toBe("Hall A, Gusau");
    expect(text(event.description)).toContain('Ngozi "Zee"; Okafor, Jr.\nSecond line');
  });
});
