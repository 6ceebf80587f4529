import { describe, expect, it } from "vitest";
import { earlyReminderLine, reminderKind, sendReminderNote, timingReport } from "./reminder-timing";

const EVENT_DATE = "2026-12-24";
const AUTO_AT = new Date("2026-12-22T07:00:00Z"); // 08:00 in Lagos, 48 hours before an 8 AM start
const NONE = { sent: 0, queued: 0, failed: 0 };

describe("the reminder rule", () => {
  it("is early more than two Lagos days ahead, due from two days before", () => {
    expect(reminderKind(new Date("2026-11-24T09:00:00Z"), EVENT_DATE)).toBe("early");
    expect(reminderKind(new Date("2026-12-21T22:59:00Z"), EVENT_DATE)).toBe("early"); // 23:59 on the 21st in Lagos
    expect(reminderKind(new Date("2026-12-21T23:00:00Z"), EVENT_DATE)).toBe("due"); // midnight, the 22nd
    expect(reminderKind(new Date("2026-12-24T09:00:00Z"), EVENT_DATE)).toBe("due");
  });

  it("tells the organiser, in plain words, that an early send still leaves the automatic reminder to come", () => {
    const now = new Date("2026-11-24T09:00:00Z");
    const auto = { state: "scheduled" as const, at: AUTO_AT };
    expect(earlyReminderLine({ now, eventDate: EVENT_DATE, auto })).toBe(
      "30 days early: everyone also gets the automatic reminder on 22 Dec.",
    );
    expect(sendReminderNote({ now, eventDate: EVENT_DATE, auto })).toMatch(
      /^30 days early: everyone also gets the automatic reminder on 22 Dec\. Each attendee/,
    );
    expect(earlyReminderLine({ now: new Date("2026-12-21T09:00:00Z"), eventDate: EVENT_DATE, auto })).toMatch(/^3 days early:/);
    expect(earlyReminderLine({ now, eventDate: EVENT_DATE, auto: { state: "off" } })).toBe(
      "30 days early: the automatic reminder is off, so send again 1–2 days before the event to remind everyone when it matters.",
    );
    // Next year's date carries its year.
    expect(
      earlyReminderLine({ now, eventDate: "2027-01-10", auto: { state: "scheduled", at: new Date("2027-01-08T07:00:00Z") } }),
    ).toContain("on 8 Jan 2027.");
  });

  it("says in the window that the automatic reminder will skip whoever is reminded now", () => {
    const now = new Date("2026-12-22T05:00:00Z");
    expect(earlyReminderLine({ now, eventDate: EVENT_DATE, auto: { state: "scheduled", at: AUTO_AT } })).toBeNull();
    expect(sendReminderNote({ now, eventDate: EVENT_DATE, auto: { state: "scheduled", at: AUTO_AT } })).toContain(
      "The automatic reminder will skip whoever gets one now.",
    );
    expect(sendReminderNote({ now, eventDate: EVENT_DATE, auto: { state: "sent", eventDate: EVENT_DATE } })).toBe(
      "Each attendee gets one reminder per send; those who already have one are skipped.",
    );
  });

  it("Check Timing reports the days to go, the automatic reminder and who received each kind", () => {
    const early = timingReport({
      now: new Date("2026-11-24T09:00:00Z"),
      eventDate: EVENT_DATE,
      auto: { state: "scheduled", at: AUTO_AT },
      counts: { early: { sent: 118, queued: 0, failed: 2 }, due: NONE },
    });
    expect(early.inWindow).toBe(false);
    expect(early.text).toBe(
      "30 days to go. The automatic reminder goes out on 22 Dec, not yet sent. Early reminders: 118 attendees received (2 failed); reminders 1–2 days before: none. Reminders are typically sent 1-2 days before the event.",
    );
    const window = timingReport({
      now: new Date("2026-12-23T09:00:00Z"),
      eventDate: EVENT_DATE,
      auto: { state: "sent", eventDate: EVENT_DATE },
      counts: { early: { sent: 118, queued: 0, failed: 0 }, due: { sent: 1, queued: 130, failed: 0 } },
    });
    expect(window.inWindow).toBe(true);
    expect(window.text).toBe(
      "Perfect timing! Event is 1-2 days away. The automatic reminder has gone out. Early reminders: 118 attendees received; reminders 1–2 days before: 1 attendee received (130 queued).",
    );
    expect(
      timingReport({
        now: new Date("2026-12-24T09:00:00Z"),
        eventDate: EVENT_DATE,
        auto: { state: "missed" },
        counts: { early: NONE, due: NONE },
      }).text,
    ).toMatch(/^The event is today\. The automatic reminder was not sent \(the event day has come\)\./);
  });
});
