import nigeria from "@svg-maps/nigeria";

// Registrations per state on a map of Nigeria: an inline SVG rendered on the server
// (no JavaScript needed), a sequential green scale with a legend, a <title> tooltip
// per state, and a table alternative for screen readers and exact figures.
// The path data (~65 kB) is only imported here, so only the admin dashboard carries it.

type MapLocation = { id: string; name: string; path: string };
const MAP = nigeria as unknown as { viewBox: string; locations: MapLocation[] };

// The map's spellings that differ from ours (app/modules/person/nigeria.ts);
// the test checks that every one of our 37 states has exactly one shape.
const MAP_NAME_FIXES: Readonly<Record<string, string>> = { Nassarawa: "Nasarawa" };

export type MapState = { id: string; state: string; path: string };
export const MAP_STATES: readonly MapState[] = MAP.locations.map((l) => ({
  id: l.id,
  state: MAP_NAME_FIXES[l.name] ?? l.name,
  path: l.path,
}));

export const NO_REGISTRANTS_COLOR = "#e5e7eb";
const GREENS = ["#bbf7d0", "#86efac", "#4ade80", "#16a34a", "#166534"] as const;

export type ScaleBucket = { from: number; to: number; color: string };

/**
 * Up to five buckets from 1 to `max`, each reaching about the same factor beyond the last (1–5,
 * 6–30, 31–165, 166–910, 911–5,000): one state with thousands, as the host state will have, then
 * still leaves the others' tens and hundreds in shades of their own, where equal widths put them
 * all in the first. Never an empty bucket, and five whenever there are five counts to tell apart
 * (with max = 2 there are two, 1 and 2). Colours spread over the whole green range.
 */
export function colorScale(max: number): ScaleBucket[] {
  const top = Math.max(0, Math.floor(max));
  const n = Math.min(GREENS.length, top);
  const buckets: ScaleBucket[] = [];
  let from = 1;
  for (let i = 1; i <= n; i++) {
    // At least one count of its own, and room left for one in each bucket after it.
    const to = i === n ? top : Math.min(top - (n - i), Math.max(from, Math.floor(top ** (i / n))));
    const shade = n === 1 ? GREENS.length - 2 : Math.round(((i - 1) * (GREENS.length - 1)) / (n - 1));
    buckets.push({ from, to, color: GREENS[shade] ?? GREENS[0] });
    from = to + 1;
  }
  return buckets;
}

export function colorFor(count: number, scale: readonly ScaleBucket[]): string {
  if (count <= 0) return NO_REGISTRANTS_COLOR;
  return scale.find((b) => count <= b.to)?.color ?? scale.at(-1)?.color ?? NO_REGISTRANTS_COLOR;
}

export function registrantsLabel(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "registrant" : "registrants"}`;
}

const rangeLabel = (b: ScaleBucket) => (b.from === b.to ? `${b.from}` : `${b.from}–${b.to}`);

export function NigeriaMap({ stateBreakdown }: { stateBreakdown: Record<string, number> }) {
  const rows = Object.entries(stateBreakdown)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const max = rows[0]?.[1] ?? 0;
  const scale = colorScale(max);

  return (
    <section aria-labelledby="state-map-heading" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="state-map-heading" className="text-lg font-semibold text-gray-900">
        Registrations by State
      </h2>
      <svg
        viewBox={MAP.viewBox}
        role="img"
        aria-label="Map of Nigeria shaded by the number of registrants in each state"
        className="mx-auto mt-4 block h-auto w-full max-w-xl"
        data-testid="state-map"
      >
        {MAP_STATES.map(({ id, state, path }) => {
          const count = stateBreakdown[state] ?? 0;
          return (
            <path
              key={id}
              d={path}
              fill={colorFor(count, scale)}
              stroke="#ffffff"
              strokeWidth={1.2}
              strokeLinejoin="round"
              data-state={state}
              data-count={count}
              className="transition-opacity hover:opacity-75"
            >
              <title>{`${state}: ${registrantsLabel(count)}`}</title>
            </path>
          );
        })}
      </svg>
      <ul aria-label="Map legend" className="mt-4 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-xs text-gray-600">
        <LegendItem color={NO_REGISTRANTS_COLOR} label="0" />
        {scale.map((b) => (
          <LegendItem key={b.from} color={b.color} label={rangeLabel(b)} />
        ))}
        <li className="text-gray-500">registrants</li>
      </ul>
      {/* CC BY 4.0 asks for attribution wherever the map is shown. */}
      <p className="mt-2 text-center text-xs text-gray-500">
        Map outlines: MapSVG via @svg-maps/nigeria,{" "}
        <a
          href="https://creativecommons.org/licenses/by/4.0/"
          className="underline hover:text-gray-700"
          rel="noopener noreferrer"
          target="_blank"
        >
          CC BY 4.0
        </a>
      </p>
      <details className="mt-4 rounded-lg border border-gray-200 text-sm">
        <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium text-brand-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2">
          View as table
        </summary>
        {rows.length === 0 ? (
          <p className="px-3 pb-3 text-gray-500">No state data available</p>
        ) : (
          <div className="max-h-80 overflow-y-auto px-3 pb-3">
            <table className="w-full text-left">
              <caption className="sr-only">Registrants by state</caption>
              <thead>
                <tr className="border-b border-gray-200 text-gray-500">
                  <th scope="col" className="py-2 font-medium">
                    State
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Registrants
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map(([state, count]) => (
                  <tr key={state} className="border-b border-gray-100 last:border-0">
                    <th scope="row" className="py-1.5 font-normal text-gray-900">
                      {state}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{count.toLocaleString("en-US")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </section>
  );
}

function LegendItem({ color, label }: { color: string; label: string }) {
  return (
    <li className="flex items-center gap-1.5">
      <span aria-hidden="true" className="inline-block h-3 w-5 rounded-sm border border-gray-300" style={{ backgroundColor: color }} />
      {label}
    </li>
  );
}
