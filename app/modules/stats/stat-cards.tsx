import { partOf, percentOf } from "~/ui/share";
import { StatCard, StatCardIcon } from "~/ui/stat-card";
import type { DashboardStats } from "./dashboard.server";
import { genderSplit } from "./gender";
import { registrantsLabel } from "./nigeria-map";

// The dashboard's cards: Total Registrants, Gender Split, Total Speakers, Top State; from the
// event day Attended (once the first person is checked in), and after it Feedback (once the
// first survey answer is in), in a second row on a desktop.

const formatNumber = (n: number) => n.toLocaleString("en-US");

export function StatCards({ stats }: { stats: DashboardStats }) {
  const split = genderSplit(stats.genderBreakdown);
  const top = stats.topStates[0];
  const guests = stats.totalSpecialGuests;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="stat-cards">
      <StatCard
        label="Total Registrants"
        value={formatNumber(stats.totalAttendees)}
        detail="Registered attendees"
        icon={
          <StatCardIcon>
            <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
            <circle cx="9" cy="7" r="4" />
            <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
          </StatCardIcon>
        }
      />
      {stats.checkedIn > 0 ? (
        <StatCard
          label="Attended"
          value={`${percentOf(stats.checkedIn, stats.totalAttendees)}%`}
          detail={`${partOf(stats.checkedIn, stats.totalAttendees)} checked in at the door`}
          icon={
            <StatCardIcon>
              <path d="M22 11.08V12a10 10 0 1 1-5.93-9.14" />
              <path d="m22 4-10 10.01-3-3" />
            </StatCardIcon>
          }
        />
      ) : null}
      {stats.feedbackAnswers > 0 ? (
        <StatCard
          label="Feedback"
          value={`${percentOf(stats.feedbackAnswers, stats.totalAttendees)}%`}
          detail={`${partOf(stats.feedbackAnswers, stats.totalAttendees)} answered the survey`}
          icon={
            <StatCardIcon>
              <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
            </StatCardIcon>
          }
        />
      ) : null}
      <StatCard
        label="Gender Split"
        value={split.label}
        detail={split.parts}
        icon={
          <StatCardIcon>
            <path d="M21.21 15.89A10 10 0 1 1 8 2.83" />
            <path d="M22 12A10 10 0 0 0 12 2v10z" />
          </StatCardIcon>
        }
      />
      <StatCard
        label="Total Speakers"
        value={formatNumber(stats.totalSpeakers)}
        detail={`Plus ${formatNumber(guests)} special ${guests === 1 ? "guest" : "guests"}`}
        icon={
          <StatCardIcon>
            <rect x="9" y="2" width="6" height="12" rx="3" />
            <path d="M19 10v1a7 7 0 0 1-14 0v-1M12 18v4M8 22h8" />
          </StatCardIcon>
        }
      />
      <StatCard
        label="Top State"
        value={top?.name ?? "N/A"}
        detail={top ? registrantsLabel(top.count) : "No state data yet"}
        icon={
          <StatCardIcon>
            <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
            <circle cx="12" cy="10" r="3" />
          </StatCardIcon>
        }
      />
    </div>
  );
}
