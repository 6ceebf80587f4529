import { lagosDate } from "~/ui/date-time";
import { formatEventHours } from "./event-hours";
import { eventEnd, formatEventDate } from "./event-time";
import { DAY_MS, type DeadlineSettings, purgeDate, retentionDeadline } from "./purge-schedule";

// A settings save whose effects reach far is asked about first, in plain words: the event moved
// weeks into the past or into another year (a year typed wrong), or the deletion of people's data
// brought within a month. The organiser then saves again with "Yes, save …" (the form carries
// `fingerprint`), or goes back; nothing is written until then.

/** A date moved this far into the past is asked about. */
const PAST_DAYS = 21;
/** A deletion of personal data brought within this many days is asked about. */
const NEAR_PURGE_DAYS = 30;
/** …by this many days or more. */
const NEARER_BY_DAYS = 7;

export type ConsequenceInput = {
  before: DeadlineSettings;
  after: DeadlineSettings;
  now: Date;
  /** The people whose data the deletion would take. */
  people: number;
  /** The edition's current `purge_not_before`, and what it becomes after this change. */
  notBefore: Date | null;
  notBeforeAfter: Date | null;
};

export type Consequences = { fingerprint: string; message: string };

/** What is confirmed: the saved values that matter here, so "Yes" confirms exactly what was shown. */
function consequenceFingerprint(after: DeadlineSettings): string {
  return `${after.event_date}|${formatEventHours(after)}|${after.retention_days}`;
}

/** "15 months", "3 weeks", "2 years": how far an instant is from now, in the largest whole unit that reads well. */
function distanceInWords(ms: number): string {
  const days = Math.round(Math.abs(ms) / DAY_MS);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (days < 14) return plural(days, "day");
  if (days < 61) return plural(Math.round(days / 7), "week");
  if (days < 730) return plural(Math.round(days / 30.44), "month");
  return plural(Math.round(days / 365.25), "year");
}

const people = (n: number) => (n === 1 ? "1 person" : `${n.toLocaleString("en-US")} people`);

/** Null when the change can be saved without a question; otherwise what to ask. */
export function changeConsequences(input: ConsequenceInput): Consequences | null {
  const { before, after, now } = input;
  const dateMoved = before.event_date !== after.event_date;
  const end = eventEnd(after);
  const agoMs = now.getTime() - end.getTime();
  const intoPast = dateMoved && agoMs > PAST_DAYS * DAY_MS;
  // Another year asks too, unless nothing hangs on the old date (a fresh site on its default, long past, nobody registered).
  const beforeOver = eventEnd(before).getTime() < now.getTime();
  const otherYear = dateMoved && before.event_date.slice(0, 4) !== after.event_date.slice(0, 4) && (input.people > 0 || !beforeOver);
  const purgeBefore = purgeDate(retentionDeadline(before), input.notBefore);
  const purgeAfter = purgeDate(retentionDeadline(after), input.notBeforeAfter);
  // A day or two's correction is not asked about; a week or more nearer, within the month, is.
  const purgeNearer =
    input.people > 0 &&
    purgeBefore.getTime() - purgeAfter.getTime() >= NEARER_BY_DAYS * DAY_MS &&
    purgeAfter.getTime() - now.getTime() < NEAR_PURGE_DAYS * DAY_MS;
  if (!intoPast && !otherYear && !purgeNearer) return null;

  const sentences: string[] = [];
  const date = formatEventDate(after.event_date);
  if (intoPast) sentences.push(`${date} is ${distanceInWords(agoMs)} ago: the event would be over and registration would close.`);
  else if (otherYear)
    sentences.push(`This moves the event from ${formatEventDate(before.event_date)} to ${date}, in ${after.event_date.slice(0, 4)}.`);
  if (input.people > 0 && (intoPast || purgeNearer)) {
    sentences.push(
      `The personal data of ${people(input.people)} would be deleted on ${formatEventDate(lagosDate(purgeAfter))}${
        purgeAfter.getTime() - now.getTime() <= 8 * DAY_MS ? ", a week from now" : ""
      }.`,
    );
  }
  sentences.push("Is this what you meant?");
  return { fingerprint: consequenceFingerprint(after), message: sentences.join(" ") };
}
