import { type EventWhen, eventStart } from "~/modules/settings/event-time";
import { DAY_MS } from "~/modules/settings/purge-schedule";

// Registrants correct their own details until the badges are printed: a set number of days
// before the event starts (Event Settings, default 2). After it, the ticket page says whom to ask.

export type WindowSettings = EventWhen & { corrections_close_days: number };

/** The instant self-service corrections close. */
export function correctionsCloseAt(settings: WindowSettings): Date {
  return new Date(eventStart(settings).getTime() - settings.corrections_close_days * DAY_MS);
}

export function correctionsOpen(settings: WindowSettings, now: Date): boolean {
  return now.getTime() < correctionsCloseAt(settings).getTime();
}
