import type { UssdContext } from "./menu";

// Contexts for the menu's tests and for scripts/ussd-transcript.ts: a session of a phone
// number that has nothing yet, with the event as the route would describe it.

export function ussdContext(overrides: Partial<UssdContext> = {}): UssdContext {
  return {
    sessionId: "ATUid_session_1",
    registration: null,
    savedDraft: null,
    event: { name: "Arewa Youth Summit", date: { en: "Saturday 12 December 2026", ha: "Asabar 12 Disamba, 2026" }, venue: "Gusau" },
    registrationOpen: true,
    ...overrides,
  };
}

/** The longest things a screen has to show: a 120-character name, an event described at length. */
export const WORST = {
  fullName: `Ƙasimu Ɗanjuma Ɓello Ƴusuf ${"Abdulrahman ".repeat(8)}`.slice(0, 120).trim().padEnd(120, "a"),
  ticketId: "ZYS-ZZZZZZZZZZZZ-ZZZZZZ",
  event: {
    name: "Arewa Youth Summit on Leadership, Enterprise and Technology — Zamfara State Government’s Annual Gathering of Young People",
    date: { en: "Wednesday 30 September 2026, 9:00 AM", ha: "Laraba 30 Satumba, 2026, 9:00 na safe" },
    venue: "Abdu Gusau Polytechnic Main Auditorium, Talata Mafara Road, Gusau",
  },
} as const;
