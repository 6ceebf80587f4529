import { lazy } from "react";
import { ChartCard, ClientChart, EmptyChart } from "~/ui/chart-card";
import type { StateCount } from "./dashboard.server";
import { type GenderBreakdown, type GenderSlice, genderSlices } from "./gender";
import type { DayCount, SourceCount } from "./registration-trends.server";

// The dashboard's chart cards (the card, its skeleton and empty state are the kit's,
// ~/ui/chart-card). The dynamic import keeps recharts in its own chunk, fetched only by
// the pages that draw a chart.

const GenderDonut = lazy(() => import("./dashboard-charts").then((m) => ({ default: m.GenderDonut })));
const TopStatesBar = lazy(() => import("./dashboard-charts").then((m) => ({ default: m.TopStatesBar })));
const TopSourcesBar = lazy(() => import("./dashboard-charts").then((m) => ({ default: m.TopSourcesBar })));
const RegistrationsPerDayChart = lazy(() => import("./dashboard-charts").then((m) => ({ default: m.RegistrationsPerDayChart })));

export function GenderDistributionCard({ breakdown }: { breakdown: GenderBreakdown }) {
  const slices: GenderSlice[] = genderSlices(breakdown);
  return (
    <ChartCard id="gender-chart-heading" title="Gender Distribution">
      {slices.length === 0 ? (
        <EmptyChart text="No gender data available" />
      ) : (
        <>
          <ClientChart label="Loading gender chart">
            <GenderDonut slices={slices} />
          </ClientChart>
          <ul className="sr-only">
            {slices.map((s) => (
              <li key={s.gender}>{`${s.name}: ${s.value} (${s.percent}%)`}</li>
            ))}
          </ul>
        </>
      )}
    </ChartCard>
  );
}

export function TopStatesCard({ states }: { states: StateCount[] }) {
  return (
    <ChartCard id="states-chart-heading" title="Top States by Registration">
      {states.length === 0 ? (
        <EmptyChart text="No state data available" />
      ) : (
        <>
          <ClientChart label="Loading states chart">
            <TopStatesBar states={states} />
          </ClientChart>
          <ol className="sr-only">
            {states.map((s) => (
              <li key={s.name}>{`${s.name}: ${s.count}`}</li>
            ))}
          </ol>
        </>
      )}
    </ChartCard>
  );
}

export function RegistrationsPerDayCard({ days }: { days: DayCount[] }) {
  const last = days.at(-1);
  return (
    <ChartCard id="per-day-chart-heading" title="Registrations per Day">
      {!last ? (
        <EmptyChart text="No registrations yet" />
      ) : (
        <>
          <ClientChart label="Loading registrations per day">
            <RegistrationsPerDayChart days={days} />
          </ClientChart>
          {/* A table cannot be squeezed to sr-only's 1 px: its wrapper is, so nothing sticks out on a phone. */}
          <div className="sr-only">
            <table>
              <caption>Registrations per day (Gusau time) and the total so far</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Registrations</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{d.day}</th>
                    <td>{d.count}</td>
                    <td>{d.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </ChartCard>
  );
}

export function TopSourcesCard({ sources }: { sources: SourceCount[] }) {
  return (
    <ChartCard id="sources-chart-heading" title="Top Sources">
      {sources.length === 0 ? (
        <EmptyChart text="No registrations through a tracked link yet" />
      ) : (
        <>
          <ClientChart label="Loading sources chart">
            <TopSourcesBar sources={sources} />
          </ClientChart>
          <ol className="sr-only">
            {sources.map((s) => (
              <li key={s.name}>{`${s.name}: ${s.count}`}</li>
            ))}
          </ol>
        </>
      )}
    </ChartCard>
  );
}
