import type { RetentionNotice } from "~/modules/attendees/retention.server";
import { GenderDistributionCard, RegistrationsPerDayCard, TopSourcesCard, TopStatesCard } from "./chart-panels";
import type { DashboardStats } from "./dashboard.server";
import { NigeriaMap } from "./nigeria-map";
import { RecentRegistrations } from "./recent-registrations";
import { RetentionBanner } from "./retention-banner";
import { StatCards } from "./stat-cards";

/** The body of /admin (the admin layout draws the frame and the "Dashboard" title). */
export function DashboardView({ stats, retention }: { stats: DashboardStats; retention: RetentionNotice }) {
  return (
    <div className="space-y-6">
      <RetentionBanner notice={retention} />
      <StatCards stats={stats} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <GenderDistributionCard breakdown={stats.genderBreakdown} />
        <TopStatesCard states={stats.topStates} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          <RegistrationsPerDayCard days={stats.registrationsPerDay} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <TopSourcesCard sources={stats.topSources} />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          <NigeriaMap stateBreakdown={stats.stateBreakdown} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <RecentRegistrations registrations={stats.recentRegistrations} />
        </div>
      </div>
    </div>
  );
}
