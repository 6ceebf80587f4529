import { hasEventPassed } from "~/modules/tickets/event-time";

export const STATUS_MESSAGES = {
  concluded: "Event has concluded",
  full: "Event is fully booked",
  open: "Registration is open",
  closed: "Registration is currently closed",
  unavailable: "Registration status unavailable",
} as const;

export type RegistrationState = keyof typeof STATUS_MESSAGES;

export type RegistrationStatus = {
  isOpen: boolean;
  state: RegistrationState;
  message: string;
  totalAttendees: number;
  maxAttendees: number;
  spotsRemaining: number;
};

export type StatusInput = {
  registrationEnabled: boolean;
  maxAttendees: number;
  totalAttendees: number;
  eventDate: string;
  eventTime: string;
};

/** Spec §4: open only if enabled, the event has not passed and there is a seat left. The clock is a parameter. */
export function registrationStatus(input: StatusInput, now: Date): RegistrationStatus {
  const spotsRemaining = Math.max(0, input.maxAttendees - input.totalAttendees);
  const state: RegistrationState = hasEventPassed(now, input.eventDate, input.eventTime)
    ? "concluded"
    : !input.registrationEnabled
      ? "closed"
      : spotsRemaining <= 0
        ? "full"
        : "open";
  return {
    isOpen: state === "open",
    state,
    message: STATUS_MESSAGES[state],
    totalAttendees: input.totalAttendees,
    maxAttendees: input.maxAttendees,
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
