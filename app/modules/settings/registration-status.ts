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
  /**
   * seats granted to door phones for offline walk-ins and not yet used (checkin/walk-in-shares.server.ts):
   * a phone may fill them while nobody can see it, so they stay kept even past walk_in_seats − walk_ins
   */
  door_shares?: number;
};

/**
 * The seats still kept for the door: those set aside for walk-ins less the walk-ins registered,
 * and never fewer than the seats door phones hold for offline walk-ins (walk-ins registered
 * online meanwhile may have used up the rest). Nothing set aside (0): nothing kept, and the
 * phones hold no seats (they are granted none).
 */
export function doorReserve(settings: Pick<StatusSettings, "walk_in_seats" | "walk_ins" | "door_shares">): number {
  const kept = settings.walk_in_seats ?? 0;
  if (kept <= 0) return 0;
  return Math.max(0, kept - (settings.walk_ins ?? 0), settings.door_shares ?? 0);
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
