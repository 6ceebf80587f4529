import { LANGUAGES, type Language } from "~/i18n/languages";
import { daysUntilEvent, formatEventDate } from "~/modules/settings/event-time";
import type { CheckInOutcome } from "./checkin.server";

// Before the event's day the door asks once, on each device, before it lets anyone in: "The
// summit is on 19 Dec: check in anyway?". A volunteer trying the door three weeks early, or an
// organiser who typed the wrong year, would otherwise mark real people as arrived without a word.
// A "yes" is kept in a cookie naming the event date it was given for (a changed date asks again),
// readable by the page too: the door answers offline from the same rule. Browser-safe (no server
// imports): the server's action and the device's offline answer share it.

export const EARLY_COOKIE = "summit-door-early";
/** The form field the question's "Check in anyway" sends: the event date the volunteer agreed to. */
export const EARLY_FIELD = "early";
/** The fields of a check-in the question sends again, as they came (nothing else). */
const RESUBMITTED = ["intent", "code", "ticket_id", "id", "via", "door", "device", "client_id"] as const;

export type EarlyQuestion = {
  status: "early";
  /** ISO date of the event. */
  eventDate: string;
  /**
   * The date as the card writes it in each language, made by the server (Node has every
   * language's calendar; a phone's browser may lack Hausa's and write "December 29, 2026").
   */
  dateLabels: Partial<Record<Language, string>>;
  /** The check-in's own fields, sent again with `early` when the volunteer says yes. */
  resubmit: [string, string][];
};

/** What the door answers a check-in: its outcome, or before the event's day the question. */
export type DoorAnswer = CheckInOutcome | EarlyQuestion;

/** The event's date written in each of the site's languages (on the server: see dateLabels). */
export function eventDateLabels(eventDate: string): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map(({ code }) => [code, formatEventDate(eventDate, code, "long")])) as Record<Language, string>;
}

/** The event date a cookie header (or `document.cookie`) says the door agreed to check in before; "" when none. */
export function earlyConsent(cookies: string | null | undefined): string {
  const match = new RegExp(`(?:^|;\\s*)${EARLY_COOKIE}=(\\d{4}-\\d{2}-\\d{2})(?:;|$)`).exec(cookies ?? "");
  return match?.[1] ?? "";
}

/**
 * The cookie that keeps a "yes" for this event date, until well after it. Path /admin, not the
 * door's own: the page's data requests go to /admin/check-in.data, which a cookie for
 * /admin/check-in would not reach.
 */
export function earlyConsentCookie(eventDate: string): string {
  return `${EARLY_COOKIE}=${eventDate}; Path=/admin; Max-Age=${120 * 86_400}; SameSite=Lax`;
}

/** Whether this check-in agrees to the early door now (the question's "yes"). */
export function agreesEarly(form: FormData, eventDate: string): boolean {
  return eventDate !== "" && form.get(EARLY_FIELD) === eventDate;
}

/**
 * The question, when a check-in comes before the event's day (Lagos) on a device that has not
 * agreed for this date, and does not agree now; null otherwise (the check-in goes ahead). The
 * cookies are read and the date written only then (most check-ins are on the day: nothing asked).
 */
export function earlyQuestion(
  form: FormData,
  eventDate: string,
  cookies: () => string | null | undefined,
  now: Date | number,
  dateLabels: () => EarlyQuestion["dateLabels"],
): EarlyQuestion | null {
  if (!eventDate || daysUntilEvent(now, eventDate) <= 0) return null;
  if (agreesEarly(form, eventDate) || earlyConsent(cookies()) === eventDate) return null;
  const resubmit: [string, string][] = [];
  for (const name of RESUBMITTED) {
    const value = form.get(name);
    if (typeof value === "string" && value !== "") resubmit.push([name, value]);
  }
  return { status: "early", eventDate, dateLabels: dateLabels(), resubmit };
}
