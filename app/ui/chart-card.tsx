import { type ReactNode, Suspense } from "react";
import { useHydrated } from "./use-hydrated";

// A chart's card for admin pages (the dashboard, Feedback). Charts draw in the browser only
// (they measure their container), so the server and the first client render show a skeleton
// of exactly the chart's size and the page does not shift when the chart's code arrives.
// The chart itself is the caller's lazily imported component, which keeps recharts in its
// own chunk, fetched only by the pages that draw one.

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

/** A titled panel; `id` names its heading for the section's aria-labelledby. */
export function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a chart's place says when there is nothing to draw. */
export function EmptyChart({ text }: { text: string }) {
  return (
    <div
      className={`${CHART_HEIGHT} flex items-center justify-center rounded-lg border border-dashed border-gray-200 text-sm text-gray-500`}
    >
      {text}
    </div>
  );
}

/** The chart (a lazy component) once hydrated; its skeleton, labelled `label`, until then. */
export function ClientChart({ label, children }: { label: string; children: ReactNode }) {
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
