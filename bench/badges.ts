// npm run bench:badges — the name badges PDF for 1,000 and 10,000 attendees.
//
// For each count, a fresh embedded database (PGlite in a temp DATA_DIR, as the server uses it)
// gets that many generated attendees (bench/admin/attendee-data.ts), then each layout is
// generated with badgesPdfStream into a sink that only counts bytes and reads the page count
// from the PDF's page tree. Measured: the time, the bytes, the pages, and the process's memory
// sampled every 50 ms while the PDF is made (peak RSS and peak JS heap, garbage included), and
// the live heap: every 0.5 MB of PDF the sink collects garbage and notes the heap in use, over
// what it was just before generation (which leaves the database's own growth with the count
// out). Memory is flat when the live heap at 10,000 is about that at 1,000. The garbage
// collections (some 40 for 10,000 single badges) are included in the time. RSS is mostly PGlite's
// WebAssembly memory.
// Target: 10,000 badges in at most 60 s. Writes its section of docs/BENCHMARKS.md unless --no-write.
//
// Options: --counts=1000,10000 --no-write

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { dbConnectionOptions, openDbConnection } from "~/db/client.server";
import { BADGE_LAYOUTS, type BadgeLayout } from "~/modules/badges/badge-layout";
import { badgesPdfStream } from "~/modules/badges/badges.server";
import { seed } from "./admin/attendee-data";
import { writeSection } from "./support/docs-section";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const COUNTS = (arg("counts") ?? "1000,10000").split(",").map(Number);
const TARGET_SECONDS = 60;
const SAMPLE_MS = 50;
const MB = 1024 * 1024;

// A clean baseline before each run: the bench's own process, so it may collect garbage on demand.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** `live`: null when the PDF was too small to be sampled. */
type Run = {
  count: number;
  layout: BadgeLayout;
  seconds: number;
  bytes: number;
  pages: number;
  rss: number;
  heap: number;
  live: number | null;
};

/** Every so many bytes of PDF the sink collects garbage and notes the heap still in use. */
const LIVE_EVERY_BYTES = MB / 2;

/**
 * Counts the bytes, finds "/Type /Pages /Count n" (written at the end) across chunk
 * boundaries, and every LIVE_EVERY_BYTES notes the live heap: what generation holds, its
 * garbage collected, which is the figure that would grow if anything were kept per badge.
 */
function countingSink() {
  const result = { bytes: 0, pages: 0, live: null as number | null };
  let carry = "";
  let nextCheck = LIVE_EVERY_BYTES;
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      result.bytes += chunk.byteLength;
      const text = carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
      const match = /\/Type \/Pages\n\/Count (\d+)\n/.exec(text);
      if (match) result.pages = Number(match[1]);
      carry = text.slice(-64);
      if (result.bytes >= nextCheck) {
        nextCheck += LIVE_EVERY_BYTES;
        collectGarbage();
        result.live = Math.max(result.live ?? 0, process.memoryUsage().heapUsed);
      }
    },
  });
  return { sink, result };
}

async function generate(database: Awaited<ReturnType<typeof openDbConnection>>, count: number, layout: BadgeLayout): Promise<Run> {
  collectGarbage();
  const baseline = process.memoryUsage().heapUsed;
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heap = Math.max(heap, usage.heapUsed);
  };
  const timer = setInterval(sample, SAMPLE_MS);
  const t0 = performance.now();
  try {
    const { sink, result } = countingSink();
    const stream = await badgesPdfStream(database.db, {
      layout,
      eventName: "Zamfara Youth Summit",
      secret: "bench-secret-bench-secret-bench-secret",
    });
    await stream.pipeTo(sink);
    const seconds = (performance.now() - t0) / 1000;
    sample();
    return {
      count,
      layout,
      seconds,
      bytes: result.bytes,
      pages: result.pages,
      rss,
      heap,
      live: result.live === null ? null : result.live - baseline,
    };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const runs: Run[] = [];
  for (const count of COUNTS) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-badges-"));
    try {
      const database = await openDbConnection(dbConnectionOptions({ dataDir: path.join(dir, "data") }));
      try {
        const seeded = await seed(database.db, count);
        console.error(`pglite: inserted ${count} attendees in ${seeded.ms.toFixed(0)} ms`);
        for (const layout of BADGE_LAYOUTS) {
          const run = await generate(database, count, layout);
          console.error(`${count} ${layout}: ${run.seconds.toFixed(1)} s`);
          runs.push(run);
        }
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const rows = [
    ["Attendees", "Layout", "Time s", "Size MB", "Pages", "Badges/s", "Peak RSS MB", "Peak heap MB", "Live heap growth MB"],
    ...runs.map((r) => [
      r.count.toLocaleString("en"),
      r.layout,
      r.seconds.toFixed(1),
      (r.bytes / MB).toFixed(1),
      String(r.pages),
      (r.count / r.seconds).toFixed(0),
      (r.rss / MB).toFixed(0),
      (r.heap / MB).toFixed(0),
      r.live === null ? "—" : (r.live / MB).toFixed(1),
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length))) ?? [];
  console.log(rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ")).join("\n"));

  const [small, large] = [Math.min(...COUNTS), Math.max(...COUNTS)];
  const verdicts: string[] = [];
  for (const layout of BADGE_LAYOUTS) {
    const a = runs.find((r) => r.count === small && r.layout === layout);
    const b = runs.find((r) => r.count === large && r.layout === layout);
    if (!a || !b || a === b || a.live === null || b.live === null) continue;
    // Flat: ten times the badges may not keep more than a few MB more heap alive, nor raise the peak much.
    const flat = b.live - a.live < 8 * MB && b.heap - a.heap < 32 * MB;
    verdicts.push(
      `${layout}: live heap growth ${(a.live / MB).toFixed(1)} MB at ${small.toLocaleString("en")} → ${(b.live / MB).toFixed(1)} MB at ${large.toLocaleString("en")}, ` +
        `peak heap ${(a.heap / MB).toFixed(0)} → ${(b.heap / MB).toFixed(0)} MB, peak RSS ${(a.rss / MB).toFixed(0)} → ${(b.rss / MB).toFixed(0)} MB (${flat ? "flat" : "GROWS"}); ` +
        `${large.toLocaleString("en")} badges in ${b.seconds.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s: ${b.seconds <= TARGET_SECONDS ? "met" : "MISSED"})`,
    );
  }
  for (const verdict of verdicts) console.log(verdict);
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)}`;
  console.log(machine);
  if (process.argv.includes("--no-write")) return;
  const [header = [], ...body] = rows;
  writeSection(
    "## Badges (npm run bench:badges)",
    [
      `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; ${machine}.`,
      "- Command: `npm run bench:badges` (bench/badges.ts): generated attendees in the embedded database, each layout streamed by `badgesPdfStream` into a sink that counts bytes; memory sampled every 50 ms, live heap after garbage collection every 0.5 MB of PDF (over the heap before generation).",
      `- Target: ${large.toLocaleString("en")} badges in ≤ ${TARGET_SECONDS} s, memory flat.`,
      "",
      `| ${header.join(" | ")} |`,
      `| ${header.map((_, i) => (i < 2 ? "---" : "---:")).join(" | ")} |`,
      ...body.map((row) => `| ${row.join(" | ")} |`),
      "",
      ...verdicts.map((v) => `- ${v}`),
    ].join("\n"),
  );
}

await main();
