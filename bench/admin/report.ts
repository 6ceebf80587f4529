import type { Results, Stat } from "./measure";

// The admin bench's table in docs/BENCHMARKS.md, with each figure against its target.

export const SEARCH_P95_TARGET_MS = 150;
export const EXPORT_TARGET_MS = 2000;
export const CONTENT_P95_TARGET_MS = 150;
const CONTENT_PAGES = ["/admin/speakers", "/admin/special-guests", "/admin/agenda", "/admin/partners", "/admin/settings"];
const isContentPage = (label: string) => label.startsWith("HTTP ") && CONTENT_PAGES.some((page) => label.startsWith(`HTTP ${page}`));

const fmt = (stat: Stat | undefined) => (stat ? `${stat.p50.toFixed(1)} / ${stat.p95.toFixed(1)}` : "—");

function targetOf(label: string): string {
  if (label.includes("export")) return `≤ ${EXPORT_TARGET_MS} ms`;
  if (label.startsWith("searchAttendees") || label.startsWith("HTTP /admin/attendees")) return `p95 ≤ ${SEARCH_P95_TARGET_MS} ms`;
  if (isContentPage(label)) return `p95 ≤ ${CONTENT_P95_TARGET_MS} ms`;
  return "";
}

function verdict(label: string, stats: (Stat | undefined)[]): string {
  const worst = Math.max(...stats.filter((s): s is Stat => Boolean(s)).map((s) => s.p95));
  if (label.includes("export")) return worst <= EXPORT_TARGET_MS ? "yes" : "NO";
  if (label.startsWith("searchAttendees") || label.startsWith("HTTP /admin/attendees")) return worst <= SEARCH_P95_TARGET_MS ? "yes" : "NO";
  if (isContentPage(label)) return worst <= CONTENT_P95_TARGET_MS ? "yes" : "NO";
  return "";
}

export function table(pglite: Results, postgres: Results | null): string {
  const labels = [...new Set([...pglite.keys(), ...(postgres?.keys() ?? [])])];
  const lines = [
    "| Measurement | PGlite p50 / p95 (ms) | PGlite CPU p50 (ms) | PostgreSQL p50 / p95 (ms) | Size / matches | Target | Met |",
    "|---|---:|---:|---:|---|---|---|",
  ];
  for (const label of labels) {
    const a = pglite.get(label);
    const b = postgres?.get(label);
    const cpu = a && !label.startsWith("HTTP") ? a.cpu50.toFixed(1) : "—";
    lines.push(
      `| ${label} | ${fmt(a)} | ${cpu} | ${postgres ? fmt(b) : "not run"} | ${a?.extra ?? b?.extra ?? ""} | ${targetOf(label)} | ${verdict(label, [a, b])} |`,
    );
  }
  return lines.join("\n");
}
