import { lazy } from "react";
import { ChartCard, ClientChart, EmptyChart } from "~/ui/chart-card";
import type { StateCount } from "./dashboard.server";
import { type GenderBreakdown, type GenderSlice, genderSlices } from "./gender";

// The dashboard's chart cards (the card, its skeleton and empty state are the kit's,
// ~/ui/chart-card). The dynamic import keeps recharts in its own chunk, fetched only by
// the pages that draw a chart.

const GenderDonut = lazy(() => import("./dashboard-charts").then((m) => ({ default: m.GenderDonut })));
const TopStatesBar = lazy(() => import("./dashboard-charts").then((m) => ({ default: m.TopStatesBar })));

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
