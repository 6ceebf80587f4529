import { lazy, type ReactNode, Suspense } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import type { StateCount } from "./dashboard.server";
import { type GenderBreakdown, type GenderSlice, genderSlices } from "./gender";

// Chart cards. The charts draw in the browser only (they measure their container), so
// the server and the first client render show a skeleton of exactly the chart's size
// and the page does not shift when recharts arrives. The dynamic import keeps recharts
// in its own chunk, fetched only by the dashboard.

const GenderDonut = lazy(() => import("./dashboard-charts").then((m) => ({ default: m.GenderDonut })));
const TopStatesBar = lazy(() => import("./dashboard-charts").then((m) => ({ default: m.TopStatesBar })));

const CHART_HEIGHT = "h-72";

function ChartSkeleton({ label }: { label: string }) {
  return (
    <div className={`${CHART_HEIGHT} flex items-end justify-center gap-3 rounded-lg bg-gray-50 p-6`} data-testid="chart-skeleton">
      <span className="sr-only">{label}</span>
      {[40, 70, 55, 85, 30].map((h) => (
        <span key={h} aria-hidden="true" className="w-8 animate-pulse rounded-t bg-gray-200" style={{ height: `${h}%` }} />
      ))}
    </div>
  );
}

function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function EmptyChart({ text }: { text: string }) {
  return (
    <div
      className={`${CHART_HEIGHT} flex items-center justify-center rounded-lg border border-dashed border-gray-200 text-sm text-gray-500`}
    >
      {text}
    </div>
  );
}

function ClientChart({ label, children }: { label: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const skeleton = <ChartSkeleton label={label} />;
  if (!hydrated) return skeleton;
  return (
    <Suspense fallback={skeleton}>
      <div className={CHART_HEIGHT} data-testid="chart">
        {children}
      </div>
    </Suspense>
  );
}

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
