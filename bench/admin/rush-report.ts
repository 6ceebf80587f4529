import os from "node:os";
import { median } from "../support/report";
import type { Results } from "./measure";
import { SEARCH_P95_TARGET_MS } from "./report";
import { RUSH_PAGES, type Rush, type RushTally } from "./rush";

// The admin-under-a-rush subsection of docs/BENCHMARKS.md: medians over the repetitions.

export const RUSH_HEADING = "### While registrations arrive (npm run bench:admin -- --rush)";

type RushRun = { pglite: Results; postgres: Results | null; tallies: Map<string, RushTally> };
type Context = { rush: Rush; rows: number; loadBefore: number; loadAfter: number; argv: string[] };

const f1 = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "—" : n.toFixed(1));

function pageCells(results: (Results | null)[], label: string): { cell: string; p95: number } {
  const stats = results.flatMap((r) => r?.get(label) ?? []);
  if (stats.length === 0) return { cell: "not run", p95: Number.NaN };
  const p95 = median(stats.map((s) => s.p95));
  return { cell: `${f1(median(stats.map((s) => s.p50)))} / ${f1(p95)} (${stats.map((s) => f1(s.p95)).join(", ")})`, p95 };
}

function tallyLine(kind: string, tallies: RushTally[]): string {
  if (tallies.length === 0) return `${kind}: not run`;
  const m = (pick: (t: RushTally) => number) => median(tallies.map(pick));
  return (
    `${kind}: ${m((t) => t.offered).toFixed(0)} registrations offered, ${m((t) => t.ok).toFixed(0)} answered 2xx ` +
    `(${m((t) => t.perSecond).toFixed(1)}/s), other answers ${tallies.map((t) => JSON.stringify(t.other)).join(", ")}; registration p50 / p99 ` +
    `${f1(m((t) => t.p50))} / ${f1(m((t) => t.p99))} ms; ${m((t) => t.tickets).toFixed(0)} ticket e-mails delivered to the SMTP sink during the run; ` +
    `CPU over the rush: server ${m((t) => t.serverCores).toFixed(2)} cores${kind === "PostgreSQL" ? `, PostgreSQL ${m((t) => t.postgresCores).toFixed(2)} cores` : ""}`
  );
}

export function rushMarkdown(runs: RushRun[], { rush, rows, loadBefore, loadAfter, argv }: Context): string {
  const lines = [
    "| Page (admin session) | PGlite p50 / p95 ms (p95 of each run) | PostgreSQL p50 / p95 ms (p95 of each run) | Requests per run | Target | Met |",
    "|---|---:|---:|---:|---|---|",
  ];
  for (const [label] of RUSH_PAGES) {
    const key = `HTTP ${label.slice(4)}`;
    const a = pageCells(
      runs.map((r) => r.pglite),
      key,
    );
    const b = pageCells(
      runs.map((r) => r.postgres),
      key,
    );
    const worst = Math.max(...[a.p95, b.p95].filter((p) => !Number.isNaN(p)));
    const requests = runs.flatMap((r) => [r.pglite.get(key)?.extra, r.postgres?.get(key)?.extra]).filter(Boolean)[0] ?? "";
    lines.push(
      `| ${key} | ${a.cell} | ${b.cell} | ${requests.replace(" requests", "")} | p95 ≤ ${SEARCH_P95_TARGET_MS} ms | ${worst <= SEARCH_P95_TARGET_MS ? "yes" : "NO"} |`,
    );
  }
  const tallies = (kind: string) => runs.flatMap((r) => r.tallies.get(kind) ?? []);
  const command = `npm run bench:admin -- ${argv.join(" ")}`;
  return [
    `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}; load average ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end (the load generator, the SMTP sink, the server and PostgreSQL share the cores).`,
    `- Command: \`${command}\` (bench/admin/rush.ts): ${runs.length} run(s) per database, each on a fresh database.`,
    `- Data: ${(rows - rush.rate * rush.seconds).toLocaleString("en")} generated attendees before the rush, which adds ${(rush.rate * rush.seconds).toLocaleString("en")}: the list grows to ${rows.toLocaleString("en")} (the largest event the settings allow) while it is measured.`,
    `- Method: the production build with \`SMTP_URL\` at a loopback SMTP sink, so ticket e-mails go out during the rush as in production. \`POST /register.data\` at ${rush.rate}/s for ${rush.seconds} s from an open loop (sent on a timer whatever the answers). From its second second to its second-to-last, one admin asks the pages below one after another with a session (as a person clicking through), after 20 warm-up requests each before the rush. Figures are medians over the runs of each run's p50 and p95.`,
    "",
    lines.join("\n"),
    "",
    "The rush itself:",
    "",
    `- ${tallyLine("PGlite", tallies("pglite"))}`,
    `- ${tallyLine("PostgreSQL", tallies("postgres"))}`,
    "",
    "Meanwhile the outbox worker sends the new tickets between the requests: five a round while the event loop stays busy, instead of 25 (app/modules/mail/outbox-worker.server.ts), so a round of ticket rendering does not hold up the pages for long. On PGlite the database runs in the server's own event loop, so registrations, tickets and pages share one core: the CPU line above is how much of it the rush takes.",
  ].join("\n");
}
