import { asc, count, desc, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { RegistrationChannel } from "~/db/person-columns";
import { attendees, retained_stats, special_guests } from "~/db/schema";
import { type RetentionNotice, retentionNotice } from "~/modules/attendees/retention.server";
import { countCheckedIn } from "~/modules/checkin/checkin.server";
import { countSpeakers } from "~/modules/content/content.server";
import { PUBLIC_SPEAKER_TYPES } from "~/modules/content/speaker-types";
import { countFeedbackAnswers } from "~/modules/feedback/feedback-stats.server";
import { GENDERS } from "~/modules/person/gender";
import { EMPTY_GENDER_BREAKDOWN, type GenderBreakdown } from "./gender";
import { type DayCount, registrationsPerDay, type SourceCount, topSources } from "./registration-trends.server";

// The admin dashboard's figures: totals, who came, how many answered the survey after the
// summit, gender breakdown, the 5 most recent registrations, the top 5 states, registrations
// per day and the outreach that brought them. Everything
// is aggregated in SQL: the dashboard must stay one cheap page load at 10,000 attendees. Once personal data
// has been deleted after an event (attendees/retention), the anonymous counts it kept
// are added to the live ones, so the figures still tell the story.

const RECENT_REGISTRATIONS = 5;
const TOP_STATES = 5;

export type StateCount = { name: string; count: number };
export type RecentRegistration = { full_name: string; email: string | null; channel: RegistrationChannel; created_at: Date; state: string };

export type DashboardStats = {
  totalAttendees: number;
  totalSpeakers: number;
  totalSpecialGuests: number;
  /** attendees checked in at the door */
  checkedIn: number;
  /** answers to this edition's survey after the summit */
  feedbackAnswers: number;
  genderBreakdown: GenderBreakdown;
  /** the TOP_STATES states with most registrants, ties by name */
  topStates: StateCount[];
  /** every state with at least one registrant (attendees without a state are left out) */
  stateBreakdown: Record<string, number>;
  recentRegistrations: RecentRegistration[];
  /** registrations per day in Lagos, with the running total */
  registrationsPerDay: DayCount[];
  /** the outreach that brought most registrations */
  topSources: SourceCount[];
};

/** What the dashboard shows when the figures cannot be loaded: zeros, never an error page. */
export const EMPTY_DASHBOARD_STATS: DashboardStats = {
  totalAttendees: 0,
  totalSpeakers: 0,
  totalSpecialGuests: 0,
  checkedIn: 0,
  feedbackAnswers: 0,
  genderBreakdown: { ...EMPTY_GENDER_BREAKDOWN },
  topStates: [],
  stateBreakdown: {},
  recentRegistrations: [],
  registrationsPerDay: [],
  topSources: [],
};

export async function dashboardStats(db: DbOrTx): Promise<DashboardStats> {
  // Independent reads: on PostgreSQL they run on separate pool connections at once.
  const [genderRows, liveStates, recentRegistrations, totalSpeakers, [guests], liveCheckedIn, kept, feedbackAnswers, perDay, sources] =
    await Promise.all([
      db.select({ gender: attendees.gender, n: count() }).from(attendees).groupBy(attendees.gender),
      db
        .select({ name: attendees.state, count: count() })
        .from(attendees)
        .where(ne(attendees.state, ""))
        .groupBy(attendees.state)
        // The collation-independent byte order keeps ties identical on PGlite and PostgreSQL.
        .orderBy(desc(count()), asc(sql`${attendees.state} collate "C"`)),
      db
        .select({
          full_name: attendees.full_name,
          email: attendees.email,
          channel: attendees.channel,
          created_at: attendees.created_at,
          state: attendees.state,
        })
        .from(attendees)
        .orderBy(desc(attendees.created_at), desc(attendees.id))
        .limit(RECENT_REGISTRATIONS),
      // The number the landing page shows: the organizer cards (Chairman, Chief Host, Host) are not speakers there.
      countSpeakers(db, PUBLIC_SPEAKER_TYPES),
      db.select({ n: count() }).from(special_guests),
      countCheckedIn(db),
      // A few hundred rows at most: one per gender, state and local government, and the totals.
      db.select().from(retained_stats),
      countFeedbackAnswers(db),
      registrationsPerDay(db),
      topSources(db),
    ]);

  const keptCount = (kind: string, key = "") => kept.find((row) => row.kind === kind && row.key === key)?.count ?? 0;
  const genderBreakdown = { ...EMPTY_GENDER_BREAKDOWN };
  for (const gender of GENDERS) genderBreakdown[gender] = keptCount("gender", gender);
  for (const row of genderRows) if (GENDERS.includes(row.gender)) genderBreakdown[row.gender] += row.n;
  const stateRows = withKeptStates(
    liveStates,
    kept.filter((row) => row.kind === "state"),
  );

  return {
    totalAttendees: genderRows.reduce((sum, row) => sum + row.n, keptCount("total")),
    totalSpeakers,
    totalSpecialGuests: guests?.n ?? 0,
    checkedIn: liveCheckedIn + keptCount("checked_in"),
    feedbackAnswers,
    genderBreakdown,
    topStates: stateRows.slice(0, TOP_STATES),
    stateBreakdown: Object.fromEntries(stateRows.map((row) => [row.name, row.count])),
    recentRegistrations,
    registrationsPerDay: perDay,
    topSources: sources,
  };
}

/** The live counts per state plus the kept ones, in the SQL query's order: most first, ties by name in byte order. */
function withKeptStates(live: StateCount[], kept: { key: string; count: number }[]): StateCount[] {
  if (kept.length === 0) return live;
  const counts = new Map(live.map((row) => [row.name, row.count]));
  for (const row of kept) counts.set(row.key, (counts.get(row.key) ?? 0) + row.count);
  // State names are ASCII, where UTF-16 order is the "C" collation's byte order.
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export type DashboardPage = { stats: DashboardStats; retention: RetentionNotice };

/** Everything /admin shows: the figures, and whether personal data is about to be (or was) deleted. */
export async function dashboardPage(db: DbOrTx, now: Date): Promise<DashboardPage> {
  const [stats, retention] = await Promise.all([dashboardStats(db), retentionNotice(db, now)]);
  return { stats, retention };
}
