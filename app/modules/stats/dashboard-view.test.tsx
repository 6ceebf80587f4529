import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { RetentionNotice } from "~/modules/attendees/retention.server";
import { FCT_NAME } from "~/modules/person/nigeria";
import { type DashboardStats, EMPTY_DASHBOARD_STATS } from "./dashboard.server";
import { DashboardView } from "./dashboard-view";
import { FCT_FULL_NAME, shortStateName } from "./recent-registrations";

// The dashboard body as the server renders it (charts are client-only: skeletons here).
const render = (stats: DashboardStats, retention: RetentionNotice = { state: "none" }) =>
  renderToString(
    <MemoryRouter>
      <DashboardView stats={stats} retention={retention} />
    </MemoryRouter>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("DashboardView", () => {
  it("shows zeros and every empty state without data", () => {
    const html = render(EMPTY_DASHBOARD_STATS);
    const t = text(html);
    expect(t).toContain("Total Registrants 0 Registered attendees");
    expect(t).toContain("Gender Split N/A Male / Female");
    expect(t).toContain("Total Speakers 0 Plus 0 special guests");
    expect(t).toContain("Top State N/A No state data yet");
    // Neither who came nor the survey before the event.
    expect(t).not.toContain("Attended");
    expect(t).not.toContain("Feedback");
    expect(t).toContain("Gender Distribution No gender data available");
    expect(t).toContain("Top States by Registration No state data available");
    expect(t).toContain("No recent registrations");
    expect(t).toContain("Registrations per Day No registrations yet");
    expect(t).toContain("Top Sources No registrations through a tracked link yet");
    expect(html).not.toContain("chart-skeleton");
  });

  it("shows the figures, the recent list and chart placeholders with data", () => {
    const stats: DashboardStats = {
      totalAttendees: 1234,
      totalSpeakers: 7,
      totalSpecialGuests: 1,
      checkedIn: 617,
      feedbackAnswers: 0,
      genderBreakdown: { male: 700, female: 500, other: 34 },
      topStates: [
        { name: "Zamfara", count: 900 },
        { name: "Kano", count: 300 },
      ],
      stateBreakdown: { Zamfara: 900, Kano: 300 },
      recentRegistrations: [
        {
          full_name: "amina Bello",
          email: "amina@example.com",
          channel: "web",
          created_at: new Date("2025-08-01T23:30:00Z"),
          state: "Sokoto",
        },
        { full_name: "Musa Ali", email: "musa@example.com", channel: "web", created_at: new Date("2025-07-30T10:00:00Z"), state: "" },
        {
          full_name: "Ngozi Eze",
          email: "ngozi@example.com",
          channel: "web",
          created_at: new Date("2025-07-29T10:00:00Z"),
          state: FCT_NAME,
        },
      ],
      registrationsPerDay: [
        { day: "2025-07-29", count: 1230, total: 1230 },
        { day: "2025-07-30", count: 0, total: 1230 },
        { day: "2025-07-31", count: 4, total: 1234 },
      ],
      topSources: [
        { name: "Radio Gusau", count: 300, invited: false },
        { name: "Invited by attendees", count: 120, invited: true },
      ],
    };
    const html = render(stats);
    const t = text(html);
    expect(t).toContain("Total Registrants 1,234 Registered attendees");
    // From the first check-in, who came; no Feedback card before the first answer.
    expect(t).toContain("Attended 50% 617 of 1,234 checked in at the door");
    expect(t).not.toContain("Feedback");
    expect(t).toContain("Gender Split 57% / 40% / 3% Male / Female / Other");
    expect(t).toContain("Total Speakers 7 Plus 1 special guest");
    expect(t).toContain("Top State Zamfara 900 registrants");
    // Charts draw only in the browser: the server sends same-sized placeholders.
    expect(html.match(/data-testid="chart-skeleton"/g)).toHaveLength(4);
    // Each chart's figures are also a list or table for screen readers.
    expect(t).toContain("2025-07-30 0 1230");
    expect(t).toContain("Radio Gusau: 300");
    expect(html).not.toContain("recharts");
    // Initial, name, e-mail, date in the event's time zone (Lagos is UTC+1), state or N/A.
    expect(t).toContain("A amina Bello 2 Aug 2025 amina@example.com Sokoto");
    expect(t).toContain("M Musa Ali 30 Jul 2025 musa@example.com N/A");
    expect(html).toContain('<abbr title="Federal Capital Territory">FCT</abbr>');
    expect(t).not.toContain("No recent registrations");
  });

  it("adds the survey's response rate once the first answer is in", () => {
    const t = text(render({ ...EMPTY_DASHBOARD_STATS, totalAttendees: 480, checkedIn: 312, feedbackAnswers: 129 }));
    expect(t).toContain("Attended 65% 312 of 480 checked in at the door");
    expect(t).toContain("Feedback 27% 129 of 480 answered the survey");
  });
});

describe("the retention notice", () => {
  it("says nothing until two weeks before personal data is deleted", () => {
    const html = render(EMPTY_DASHBOARD_STATS);
    expect(html).not.toContain("retention-notice");
    expect(text(html)).not.toContain("Personal data");
  });

  it("warns before the deletion: how many people, when, the CSV to download and Postpone", () => {
    // 23 January 2027, 17:00 in Lagos.
    const notice = { state: "due-soon", deadline: new Date("2027-01-23T16:00:00Z"), days: 30, people: 1234, postponable: true } as const;
    const html = render(EMPTY_DASHBOARD_STATS, notice);
    const t = text(html.replace(/<!-- -->/g, ""));
    expect(t).toContain(
      "Personal data of 1,234 people will be deleted on 23 Jan 2027 (30 days after the event, as set in Event Settings ).",
    );
    expect(t).toContain("Download the attendee CSV before then.");
    expect(html).toContain('<time dateTime="2027-01-23T16:00:00.000Z">');
    expect(html).toMatch(/<a href="\/admin\/attendees\/export.csv" download="" [^>]*>Download the attendee CSV<\/a>/);
    expect(html).toMatch(
      /<form[^>]*action="\/admin\?index" method="post">.*name="intent" value="postpone-purge".*Postpone the deletion by 30 days<\/button>/s,
    );
    expect(render(EMPTY_DASHBOARD_STATS, { ...notice, people: 1, postponable: false })).not.toContain("Postpone");
    expect(text(render(EMPTY_DASHBOARD_STATS, { ...notice, people: 1 }).replace(/<!-- -->/g, ""))).toContain(
      "Personal data of 1 person will",
    );
  });

  it("says calmly that it ran, and that the figures are anonymous totals", () => {
    const stats: DashboardStats = { ...EMPTY_DASHBOARD_STATS, totalAttendees: 412, genderBreakdown: { male: 200, female: 200, other: 12 } };
    const html = render(stats, { state: "purged", at: new Date("2027-01-23T16:00:40Z") });
    const t = text(html.replace(/<!-- -->/g, ""));
    expect(t).toContain("Personal data was deleted on 23 Jan 2027 , as set in Event Settings ; the figures are anonymous totals.");
    expect(html).toContain('href="/admin/settings"');
    expect(t).toContain("Total Registrants 412 Registered attendees");
    expect(t).not.toContain("Download the attendee CSV");
  });
});

describe("shortStateName", () => {
  it("abbreviates only the Federal Capital Territory, spelt as the registration form stores it", () => {
    expect(FCT_FULL_NAME).toBe(FCT_NAME);
    expect(shortStateName(FCT_NAME)).toBe("FCT");
    expect(shortStateName("Zamfara")).toBe("Zamfara");
  });
});
