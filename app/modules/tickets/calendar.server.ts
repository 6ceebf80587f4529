import ical, { ICalCalendarMethod, type ICalDayJsStub } from "ical-generator";
import { DEFAULT_LANGUAGE, type Language, withLanguage } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { eventEnd, eventStart } from "~/modules/settings/event-time";
import type { EventSettings } from "~/modules/settings/settings.server";
import { EVENT_TIME_ZONE } from "~/ui/date-time";

/** The invite's file name, in the e-mail and on the ticket page's download alike. */
export const CALENDAR_FILENAME = "zamfara-youth-summit.ics";

type CalendarEventSettings = Pick<EventSettings, "event_name" | "event_date" | "event_starts_at" | "event_ends_at" | "venue">;

// Africa/Lagos has kept UTC+1 without daylight saving since 1919 (see event-time.ts),
// so one STANDARD rule describes it completely. Calendar apps need the VTIMEZONE to
// read DTSTART;TZID=Africa/Lagos correctly (RFC 5545 §3.6.5).
const LAGOS_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Africa/Lagos",
  "X-LIC-LOCATION:Africa/Lagos",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0100",
  "TZNAME:WAT",
  "DTSTART:19700101T000000",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

// Building an Intl.DateTimeFormat costs far more than using one: one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * ical-generator writes a native Date in a named zone using the *server's* local
 * clock. This minimal Day.js-shaped value (a type the library accepts) writes the
 * wall-clock time of the zone asked for instead, whatever TZ the server runs in.
 */
function zonedTime(instant: Date, timeZone = "UTC"): ICalDayJsStub {
  const format = (pattern = "YYYY-MM-DDTHH:mm:ss") => {
    const parts = Object.fromEntries(
      formatterFor(timeZone)
        .formatToParts(instant)
        .map((p) => [p.type, p.value]),
    );
    return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => {
      const key = { YYYY: "year", MM: "month", DD: "day", HH: "hour", mm: "minute", ss: "second" }[token] ?? "";
      return String(parts[key] ?? "").padStart(token.length, "0");
    });
  };
  return {
    format,
    isValid: () => !Number.isNaN(instant.getTime()),
    toDate: () => new Date(instant),
    toJSON: () => instant.toJSON(),
    tz: (zone?: string) => zonedTime(instant, zone ?? timeZone),
    utc: () => zonedTime(instant, "UTC"),
  };
}

/**
 * What a calendar entry of a ticket says. Calendars get shared, synced and published, so it
 * carries the site's address and the ticket ID, never the person's own link: that link opens
 * their ticket page, which cancels the registration and deletes their data (issue 39).
 */
export type CalendarTicket = {
  settings: CalendarEventSettings;
  ticketId: string;
  fullName: string;
  /** the site's public address (PUBLIC_URL) */
  siteUrl: string;
  /** the attendee's language: the entry's texts, and its link opens the site in it */
  language?: Language;
};

/** The site's address in the attendee's language: the one link a calendar entry holds. */
function siteLink({ siteUrl, language = DEFAULT_LANGUAGE }: CalendarTicket): string {
  return withLanguage(`${siteUrl.replace(/\/+$/, "")}/`, language);
}

function description(ticket: CalendarTicket): string {
  const t = translator(ticket.language ?? DEFAULT_LANGUAGE, "mail");
  return [
    t("calendar.admission", { name: ticket.fullName }),
    t("calendar.ticketId", { ticket: ticket.ticketId }),
    "",
    t("calendar.showQr"),
    t("calendar.site", { url: siteLink(ticket) }),
  ].join("\n");
}

export function ticketCalendar(ticket: CalendarTicket): string {
  const { settings, ticketId, language = DEFAULT_LANGUAGE } = ticket;
  const link = siteLink(ticket);
  const calendar = ical({
    prodId: { company: "Zamfara Youth Summit", product: "Tickets", language: language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // ical-generator escapes line breaks in the event's texts but not in the calendar's name
    // (NAME, X-WR-CALNAME): a name holding one would start a line of its own choosing.
    name: settings.event_name.replace(/[\r\n]+/g, " "),
    // A generator without a calendar-wide zone: the VTIMEZONE is written for the
    // event's zone, while DTSTAMP stays in UTC as RFC 5545 requires.
    timezone: { name: null, generator: (zone) => (zone === EVENT_TIME_ZONE ? LAGOS_VTIMEZONE : null) },
  });
  calendar.createEvent({
    // One UID per ticket: importing the invite twice updates the entry instead of duplicating it.
    id: `ticket-${ticketId.toLowerCase()}@${new URL(link).hostname}`,
    timezone: EVENT_TIME_ZONE,
    start: zonedTime(eventStart(settings)),
    end: zonedTime(eventEnd(settings)),
    summary: settings.event_name,
    location: settings.venue,
    description: description(ticket),
    url: link,
  });
  return calendar.toString();
}

/** An instant as Google Calendar's dates want it: 20261201T070000Z. */
const googleTime = (instant: Date) => instant.toISOString().replace(/[-:]|\.\d{3}/g, "");

/**
 * "Add to Google Calendar": the same entry as the .ics, as Google's event template link, for
 * phones whose mail app does not open calendar attachments. Same safe details: no ticket link.
 */
export function googleCalendarUrl(ticket: CalendarTicket): string {
  const { settings } = ticket;
  const dates = `${googleTime(eventStart(settings))}/${googleTime(eventEnd(settings))}`;
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: settings.event_name,
    dates,
    details: description(ticket),
    location: settings.venue,
    ctz: EVENT_TIME_ZONE,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}
