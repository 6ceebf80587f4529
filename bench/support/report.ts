import os from "node:os";

export type Measurement = {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** null when there is nothing to verify (bare transactions) */
  verified: boolean | null;
  /** CPU milliseconds per registration: the server (or this process) plus PostgreSQL's backends */
  cpuMs: number;
  /** 1-minute load average at the end of the run (2 means both cores busy) */
  load: number;
};

export type Row = { kind: string; scenario: string; concurrency: number; primary: boolean; runs: Measurement[] };

export type Summary = Row & {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  verified: string;
  cpuMs: number;
  load: number;
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Medians of the rates and latencies; errors and non-2xx summed over all repetitions. */
export function summarise(row: Row): Summary {
  const sum = (pick: (m: Measurement) => number) => row.runs.reduce((total, m) => total + pick(m), 0);
  const checks = row.runs.map((m) => m.verified).filter((v): v is boolean => v !== null);
  return {
    ...row,
    perSecond: median(row.runs.map((m) => m.perSecond)),
    p50: median(row.runs.map((m) => m.p50)),
    p99: median(row.runs.map((m) => m.p99)),
    errors: sum((m) => m.errors),
    non2xx: sum((m) => m.non2xx),
    verified: checks.length === 0 ? "—" : checks.every(Boolean) ? "yes" : "NO",
    cpuMs: median(row.runs.map((m) => m.cpuMs)),
    load: median(row.runs.map((m) => m.load)),
  };
}

const HEADER = [
  "Database",
  "What",
  "Conc.",
  "Reg/s (median)",
  "Reg/s (each run)",
  "p50 ms",
  "p99 ms",
  "Errors",
  "Non-2xx",
  "DB check",
  "CPU ms/reg",
  "Load",
];

function tableRows(summaries: Summary[]): string[][] {
  return summaries.map((s) => [
    s.kind,
    s.primary ? `**${s.scenario}**` : s.scenario,
    String(s.concurrency),
    s.perSecond.toFixed(0),
    s.runs.map((m) => m.perSecond.toFixed(0)).join(" / "),
    s.p50.toFixed(1),
    s.p99.toFixed(1),
    String(s.errors),
    String(s.non2xx),
    s.verified,
    s.cpuMs.toFixed(1),
    s.load.toFixed(1),
  ]);
}

export function markdownTable(summaries: Summary[]): string {
  const lines = [HEADER, HEADER.map(() => "---"), ...tableRows(summaries)];
  return lines.map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

export function consoleTable(summaries: Summary[]): string {
  const rows = [HEADER, ...tableRows(summaries).map((r) => r.map((c) => c.replace(/\*\*/g, "")))];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ")).join("\n");
}

export function machineDescription(postgresVersion?: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  const memory = `${Math.round(os.totalmem() / 1024 ** 3)} GB RAM`;
  const pg = postgresVersion ? `, ${postgresVersion}` : "";
  return `${os.availableParallelism()} × ${cpu}, ${memory}, ${os.type()} ${os.release()}, Node ${process.version}${pg}`;
}

export const SECTION_HEADING = "## Registration (npm run bench:register)";
