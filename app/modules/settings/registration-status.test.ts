import { describe, expect, it } from "vitest";
import { doorReserve, registrationStatus, type StatusSettings } from "./registration-status";

const NOW = new Date("2026-11-28T10:00:00Z");
const event: StatusSettings = {
  registration_enabled: true,
  max_attendees: 500,
  registered_count: 120,
  event_date: "2026-12-19",
  event_starts_at: "08:00:00",
  event_ends_at: "17:00:00",
  first_saved_at: new Date("2026-11-01T09:00:00Z"),
};

describe("the registration status", () => {
  it("is open with seats left before the event, once the settings were saved", () => {
    expect(registrationStatus(event, NOW)).toMatchObject({ isOpen: true, state: "open", spotsRemaining: 380 });
  });

  it("is closed, 'opening soon', on a fresh install whose settings were never saved, whatever the defaults' date", () => {
    for (const event_date of ["2025-08-12", "2026-12-19"]) {
      expect(registrationStatus({ ...event, event_date, first_saved_at: null }, NOW)).toMatchObject({
        isOpen: false,
        state: "closed",
        message: "status.soon",
      });
    }
  });

  it("says concluded, closed or full in that order otherwise", () => {
    expect(registrationStatus({ ...event, event_date: "2026-11-27", registration_enabled: false }, NOW).state).toBe("concluded");
    expect(registrationStatus({ ...event, registration_enabled: false, registered_count: 500 }, NOW).state).toBe("closed");
    expect(registrationStatus({ ...event, registered_count: 480, held_seats: 20 }, NOW).state).toBe("full");
  });
});

describe("the seats kept for the door", () => {
  it("are those set aside for walk-ins less the walk-ins, never fewer than door phones hold, none when nothing is set aside", () => {
    expect(doorReserve({ walk_in_seats: 10, walk_ins: 3 })).toBe(7);
    // Phones hold 5; walk-ins online used all but 2 of the 10: the 5 stay kept.
    expect(doorReserve({ walk_in_seats: 10, walk_ins: 8, door_shares: 5 })).toBe(5);
    expect(doorReserve({ walk_in_seats: 10, walk_ins: 12, door_shares: 0 })).toBe(0);
    expect(doorReserve({ walk_in_seats: 0, walk_ins: 0, door_shares: 5 })).toBe(0);
    expect(registrationStatus({ ...event, registered_count: 480, walk_in_seats: 20, walk_ins: 20, door_shares: 10 }, NOW)).toMatchObject({
      spotsRemaining: 10,
    });
  });
});
