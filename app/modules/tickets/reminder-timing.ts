import type { ReminderKind } from "~/db/schema";
import { daysUntilEvent, isReminderWindow } from "~/modules/settings/event-time";
import { displayDate, LAGOS_UTC_OFFSET_MS } from "~/ui/date-time";

// What a reminder sent now counts as, and the plain words organisers read about it. A
// reminder sent more than two days ahead is "early": it does not stand in for the one
// that matters, which goes out one or two days before (by hand, or by itself 48 hours
// before the start). Pure and client-safe: the operations screen and its actions share it.

/** More days ahead than this and a reminder is early. */
const DUE_DAYS = 2;

export function reminderKind(now: Date | number, eventDate: string): ReminderKind {
  return daysUntilEvent(now, eventDate) > DUE_DAYS ? "early" : "due";
}

type ReminderCounts = Record<ReminderKind, { sent: number; queued: number; failed: number }>;

/** What the automatic reminder will do (or did) for the event date (auto-reminders.server decides it). */
export type AutoReminderPlan =
  | { state: "off" }
  | { state: "sent"; eventDate: string }
  | { state: "scheduled"; at: Date | string }
  | { state: "missed" };

export type ReminderFacts = { now: Date | string; eventDate: string; auto: AutoReminderPlan; counts: ReminderCounts };

const n = (value: number) => value.toLocaleString("en-US");
const people = (value: number) => (value === 1 ? "1 attendee" : `${n(value)} attendees`);
/** "23 Dec" (Lagos), the year only when it is not this one. */
function shortDate(value: Date | string, now: Date | string): string {
  const text = displayDate(value);
  const year = ` ${new Date(new Date(now).getTime() + LAGOS_UTC_OFFSET_MS).getUTCFullYear()}`;
  return text.endsWith(year) ? text.slice(0, -year.length) : text;
}

function daysAhead(days: number): string {
  if (days <= 0) return days === 0 ? "on the event day" : "after the event date";
  return days === 1 ? "1 day early" : `${n(days)} days early`;
}

/** "30 days early: everyone also gets the automatic reminder on 23 Dec." (null when a send now is not early). */
export function earlyReminderLine({ now, eventDate, auto }: Omit<ReminderFacts, "counts">): string | null {
  if (reminderKind(new Date(now), eventDate) === "due") return null;
  const early = daysAhead(daysUntilEvent(new Date(now), eventDate));
  const followUp =
    auto.state === "scheduled"
      ? `everyone also gets the automatic reminder on ${shortDate(auto.at, now)}.`
      : "the automatic reminder is off, so send again 1–2 days before the event to remind everyone when it matters.";
  return `${early[0]?.toUpperCase()}${early.slice(1)}: ${followUp}`;
}

/** The Send Reminders dialog's note: what pressing it now does, and what still follows. */
export function sendReminderNote(facts: Omit<ReminderFacts, "counts">): string {
  const skip = "Each attendee gets one reminder per send; those who already have one are skipped.";
  const early = earlyReminderLine(facts);
  if (early) return `${early} ${skip}`;
  return facts.auto.state === "scheduled" ? `${skip} The automatic reminder will skip whoever gets one now.` : skip;
}

function autoLine(auto: AutoReminderPlan, now: Date | string): string {
  if (auto.state === "sent") return "the automatic reminder has gone out";
  if (auto.state === "off") return "the automatic reminder is off";
  if (auto.state === "missed") return "the automatic reminder was not sent (the event day has come)";
  return new Date(auto.at).getTime() <= new Date(now).getTime()
    ? "the automatic reminder is going out now"
    : `the automatic reminder goes out on ${shortDate(auto.at, now)}, not yet sent`;
}

function receivedLine(label: string, counts: ReminderCounts[ReminderKind]): string {
  const total = counts.sent + counts.queued + counts.failed;
  if (total === 0) return `${label}: none`;
  const extra = [counts.queued > 0 ? `${n(counts.queued)} queued` : "", counts.failed > 0 ? `${n(counts.failed)} failed` : ""].filter(
    Boolean,
  );
  return `${label}: ${people(counts.sent)} received${extra.length > 0 ? ` (${extra.join(", ")})` : ""}`;
}

/** "Check Timing": the days to go, the automatic reminder's state and who has received what, as of now. */
export function timingReport({ now, eventDate, auto, counts }: ReminderFacts): { inWindow: boolean; text: string } {
  const days = daysUntilEvent(new Date(now), eventDate);
  const inWindow = isReminderWindow(new Date(now), eventDate);
  const togo =
    days > 0 ? `${days === 1 ? "1 day" : `${n(days)} days`} to go` : days === 0 ? "The event is today" : "The event date has passed";
  const lead = inWindow ? "Perfect timing! Event is 1-2 days away." : `${togo}.`;
  const sentences = [
    lead,
    `${autoLine(auto, now).replace(/^./, (c) => c.toUpperCase())}.`,
    `${receivedLine("Early reminders", counts.early)}; ${receivedLine("reminders 1–2 days before", counts.due)}.`,
  ];
  if (!inWindow && days > DUE_DAYS) sentences.push("Reminders are typically sent 1-2 days before the event.");
  return { inWindow, text: sentences.join(" ") };
}
