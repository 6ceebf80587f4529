import { hasEventPassed } from "./event-time";
import type { EventSettings } from "./settings.server";

const STATUS_MESSAGES = {
  concluded: "status.concluded",
  full: "status.full",
  open: "status.open",
  closed: "status.closed",
  // Closed because nothing is set up yet (a fresh install): no made-up date is "concluded".
  soon: "status.soon",
  unavailable: "status.unavailable",
} as const;

export type RegistrationState = Exclude<keyof typeof STATUS_MESSAGES, "soon">;

export type RegistrationStatus = {
  isOpen: boolean;
  state: RegistrationState;
  message: string;
  totalAttendees: number;
  maxAttendees: number;
  spotsRemaining: number;
};

/** The fields of the settings row the status depends on, its seat counter included. */
export type StatusSettings = Pick<
  EventSettings,
  "registration_enabled" | "max_attendees" | "registered_count" | "event_date" | "event_starts_at" | "event_ends_at"
> & {
  /** null until an organiser first saves the settings (a fresh install): registration is closed, "opening soon" */
  first_saved_at?: Date | string | null;
  /** seats offered to people on the waitlist and not yet claimed: taken for newcomers */
  held_seats?: number;
  /** seats kept for walk-ins on event day (the settings' walk_in_seats): online registration never takes them */
  walk_in_seats?: number;
  /** walk-ins registered so far (unknown: none, so the whole number kept stays kept) */
  walk_ins?: number;
};

/** The seats still kept for the door: those set aside for walk-ins less the walk-ins registered. */
export function doorReserve(settings: Pick<StatusSettings, "walk_in_seats" | "walk_ins">): number {
  return Math.max(0, (settings.walk_in_seats ?? 0) - (settings.walk_ins ?? 0));
}

/**
 * Seats anyone may still take at the door: every seat not registered or offered to the waitlist,
 * the ones kept for walk-ins included (online registration also leaves doorReserve to the door).
 */
export function doorSeatsLeft(settings: Pick<StatusSettings, "max_attendees" | "registered_count" | "held_seats">): number {
  return Math.max(0, settings.max_attendees - settings.registered_count - (settings.held_seats ?? 0));
}

/**
 * Open only if the organisers enabled it, the event has not passed and a seat is left;
 * else the first of concluded, closed, full. Before the settings are first saved (a fresh
 * install): closed, "opening soon". The clock is a parameter.
 */
export function registrationStatus(settings: StatusSettings, now: Date): RegistrationStatus {
  const spotsRemaining = Math.max(0, doorSeatsLeft(settings) - doorReserve(settings));
  const state: RegistrationState = hasEventPassed(now, settings)
    ? "concluded"
    : !settings.registration_enabled
      ? "closed"
      : spotsRemaining <= 0
        ? "full"
        : "open";
  if (settings.first_saved_at === null) {
    return {
      isOpen: false,
      state: "closed",
      message: STATUS_MESSAGES.soon,
      totalAttendees: 0,
      maxAttendees: settings.max_attendees,
      spotsRemaining,
    };
  }
  return {
    isOpen: state === "open",
    state,
    message: STATUS_MESSAGES[state],
    totalAttendees: settings.registered_count,
    maxAttendees: settings.max_attendees,
    spotsRemaining,
  };
}

export function unavailableStatus(): RegistrationStatus {
  return {
    isOpen: false,
    state: "unavailable",
    message: STATUS_MESSAGES.unavailable,
    totalAttendees: 0,
    maxAttendees: 0,
    spotsRemaining: 0,
  };
}
