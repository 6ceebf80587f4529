import type { Language } from "~/i18n/languages";
import type english from "~/i18n/locales/en.json";
import { translator } from "~/i18n/translate.server";
import { gsm7Septets, smsSegments, toSmsText } from "./gsm7";

// The SMS bodies, from the catalogues (mail.sms.*), in the person's language. Each comes out in
// GSM-7 (gsm7.ts: Hausa's hooked letters written plain) and in at most two segments: when an
// organiser's long event name or venue would make a third, those are shortened with "...",
// never the ticket ID, the date, the link or the deadline (docs/decisions/017-sms.md).

export type SmsLanguage = Language;

/** Every text names the event: an SMS arrives among others, from a sender ID of 11 characters. */
type Common = { language: SmsLanguage; eventName: string };
type TicketInput = Common & {
  ticketId: string;
  /** already formatted in the person's language, e.g. "Saturday, 20 December 2026" */
  date: string;
  /** e.g. "10:00" */
  time: string;
  /** in the person's language where the organisers gave one */
  venue: string;
  link: string;
  /** the USSD code to register (USSD_CODE), for the holder's friends without data; the ticket SMS only */
  ussdCode?: string;
};

/** A text's key in the mail namespace: the compiler checks it is in the catalogue. */
type SmsKey = `sms.${keyof (typeof english)["mail"]["sms"]}`;

/** The most segments one of our SMS may take: two, billed as two, on any phone. */
export const MAX_SMS_SEGMENTS = 2;
/** What a shortened name keeps at least, "..." included. */
const MIN_KEPT = 12;

export function ticketSms(input: TicketInput): string {
  return sms(
    input,
    input.ussdCode ? "sms.ticketWithUssd" : "sms.ticket",
    { ticket: input.ticketId, date: input.date, time: input.time, link: input.link, ussd: input.ussdCode ?? "" },
    {
      event: input.eventName,
      venue: input.venue,
    },
  );
}

export function reminderSms(input: TicketInput): string {
  return sms(
    input,
    "sms.reminder",
    { ticket: input.ticketId, date: input.date, time: input.time, link: input.link },
    {
      event: input.eventName,
      venue: input.venue,
    },
  );
}

/** A freed seat offered to the next person on the waitlist; `expires` is the formatted deadline. */
export function waitlistOfferSms(input: Common & { link: string; expires: string }): string {
  return sms(input, "sms.waitlistOffer", { link: input.link, expires: input.expires }, { event: input.eventName });
}

/** A person who asked by USSD was put on the waitlist; their place when known. */
export function waitlistJoinedSms(input: Common & { position?: number }): string {
  if (input.position === undefined) return sms(input, "sms.waitlistJoined", {}, { event: input.eventName });
  return sms(input, "sms.waitlistJoinedPlace", { position: String(input.position) }, { event: input.eventName });
}

/** Where a person registered by USSD reads what is kept about them and their rights. */
export function privacyNoticeSms(input: Common & { link: string }): string {
  return sms(input, "sms.privacyNotice", { link: input.link }, { event: input.eventName });
}

export function cancellationSms(input: Common & { ticketId: string }): string {
  return sms(input, "sms.cancellation", { ticket: input.ticketId }, { event: input.eventName });
}

/** A certificate of attendance for someone registered by phone only: its code and where anyone can check it, and the survey. */
export function certificateSms(input: Common & { code: string; link: string; survey: string }): string {
  return sms(input, "sms.certificate", { code: input.code, link: input.link, survey: input.survey }, { event: input.eventName });
}

/** The survey's invitation to someone registered by phone only who did not come. */
export function feedbackRequestSms(input: Common & { survey: string }): string {
  return sms(input, "sms.feedbackRequest", { survey: input.survey }, { event: input.eventName });
}

/** The organisers' "Send me a test SMS". */
export function testSms(input: Common): string {
  return sms(input, "sms.test", {}, { event: input.eventName });
}

/**
 * One catalogue text with its values, in GSM-7, shortened to MAX_SMS_SEGMENTS: while it is too
 * long, the longest of the `shortenable` values (event name, venue) is cut, the longest first,
 * until it fits or each is down to MIN_KEPT characters. `kept` values are never cut.
 */
function sms(common: Common, key: SmsKey, kept: Record<string, string>, shortenable: Record<string, string>): string {
  const t = translator(common.language, "mail");
  const fixed = Object.fromEntries(Object.entries(kept).map(([name, value]) => [name, oneLine(value)]));
  const full = Object.fromEntries(Object.entries(shortenable).map(([name, value]) => [name, oneLine(value)]));
  const limits: Record<string, number> = Object.fromEntries(Object.entries(full).map(([name, value]) => [name, value.length]));
  const render = () => {
    const cut = Object.fromEntries(Object.entries(full).map(([name, value]) => [name, shorten(value, limits[name] ?? value.length)]));
    // A shortened value's "..." before the text's own full stop: three dots, not four.
    return toSmsText(t(key, { ...fixed, ...cut })).replace(/(\w)\.{4}(?!\.)/g, "$1...");
  };
  let text = render();
  while (smsSegments(text) > MAX_SMS_SEGMENTS) {
    const [[name, limit] = ["", 0], [, second] = ["", 0]] = Object.entries(limits).sort((a, b) => b[1] - a[1]);
    if (limit <= MIN_KEPT) break;
    const over = septetsOver(text);
    // Down to the next longest first, then in turns: a long event name and a long venue share the cut.
    const tied = Object.values(limits).filter((value) => value === limit).length;
    limits[name] = Math.max(MIN_KEPT, limit > second ? Math.max(second, limit - over) : limit - Math.ceil(over / tied));
    text = render();
  }
  return text;
}

/** A value as one line of GSM-7 text: line breaks and runs of spaces become one space. */
function oneLine(value: string): string {
  return toSmsText(value).replace(/\s+/g, " ").trim();
}

/** `value` in at most `limit` characters, "..." where it was cut (at a space when one is near). */
function shorten(value: string, limit: number): string {
  if (value.length <= limit) return value;
  let head = value.slice(0, Math.max(0, limit - 3));
  const space = head.lastIndexOf(" ");
  if (space >= head.length - 8 && space > 0) head = head.slice(0, space);
  return `${head.replace(/[\s,.;:-]+$/, "")}...`;
}

/** Septets beyond two segments' 306 (at least 1, so each round shortens). */
function septetsOver(text: string): number {
  return Math.max(1, gsm7Septets(text) - MAX_SMS_SEGMENTS * 153);
}
