// npm run bench:images — what "Save ticket" pictures asked for in a flood do to a person
// loading /register (issue 40): the production build on the embedded database, /register loaded
// one after another (its median and 90th percentile, and any 503), first alone, then while 12
// requests for ticket.png are in flight all the time:
// - "one ticket": one registrant's own link asked 12 at a time (the reviewer's attack);
// - "new pictures": every request another attendee's ticket, in turn English and Hausa, each
//   from a network of its own, so neither the cache nor the per-network limit spares a drawing
//   (the drawing pool's worst case).
// With --before REF the same runs against the build of an earlier commit (e.g. the one before
// the drawing pool), on the same machine. Writes its section of docs/BENCHMARKS.md.
//
// Options: --samples 40 (page loads per phase), --before REF, --no-write
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startProductionServer } from "#tests/support/production-server.ts";
import { createAttendee } from "~/db/factories";
import { signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { type BuildSource, prepareAppBuild } from "./support/app-server";
import { loadAverage } from "./support/cpu";
import { freshDatabase } from "./support/databases";
import { writeSection } from "./support/docs-section";
import { percentile } from "./support/open-loop";
import { machineDescription } from "./support/report";

const { values: args } = parseArgs({
  options: {
    samples: { type: "string", default: "40" },
    before: { type: "string" },
    "no-write": { type: "boolean", default: false },
  },
});
const SAMPLES = Number(args.samples);
const IN_FLIGHT = 12;
const ATTENDEES = 300;
const HEADING = "## Drawn images under load (npm run bench:images)";
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

type Phase = { name: string; register: number[]; register503: number; pictures: Map<number, number>; seconds: number };

/** One load of /register as a browser's first visit: the whole document, timed to its last byte. */
async function loadRegister(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/register`, { headers: { accept: "text/html" } });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** /register loaded SAMPLES times, one after another, while `flood` (if any) keeps IN_FLIGHT requests going. */
async function phase(url: string, name: string, flood?: () => { path: string; from: string }): Promise<Phase> {
  const pictures = new Map<number, number>();
  let running = true;
  const lanes = flood
    ? Array.from({ length: IN_FLIGHT }, async () => {
        while (running) {
          const { path: picture, from } = flood();
          const status = await fetch(url + picture, { headers: { "x-forwarded-for": from } })
            .then(async (r) => {
              await r.arrayBuffer();
              return r.status;
            })
            .catch(() => 0);
          pictures.set(status, (pictures.get(status) ?? 0) + 1);
        }
      })
    : [];
  // The flood under way before the first measurement.
  if (flood) await new Promise((resolve) => setTimeout(resolve, 1_000));
  const started = performance.now();
  const register: number[] = [];
  let register503 = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const { ms, status } = await loadRegister(url);
    register.push(ms);
    if (status === 503) register503++;
  }
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(lanes);
  const result = { name, register, register503, pictures, seconds };
  log(
    `${name}: /register median ${percentile(register, 50).toFixed(0)} ms, p90 ${percentile(register, 90).toFixed(0)} ms; ${summary(result)}`,
  );
  return result;
}

function summary(p: Phase): string {
  const statuses = [...p.pictures.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${n} × ${status || "error"}`);
  return `${p.register503} × 503 of /register; ticket.png: ${statuses.join(", ") || "none"} in ${p.seconds.toFixed(1)} s`;
}

/** A site with ATTENDEES attendees on a build, the three phases, then stopped. */
async function measure(source: BuildSource): Promise<Phase[]> {
  const app = prepareAppBuild(source);
  const database = await freshDatabase("pglite");
  try {
    const secret = "b".repeat(64);
    mkdirSync(database.dataDir, { recursive: true });
    writeFileSync(path.join(database.dataDir, "session-secret"), `${secret}\n`, { mode: 0o600 });
    const connection = await database.open();
    const tokens: string[] = [];
    try {
      for (let i = 0; i < ATTENDEES; i++) {
        const row = await createAttendee(connection.db, { full_name: `Ƙasimu Ɗanladi ${i}` });
        tokens.push(signSelfServiceToken(row.id, secret));
      }
    } finally {
      await connection.close();
    }
    // X-Forwarded-For from loopback names the asking network (each "new picture" its own).
    const server = await startProductionServer({ dir: app.dir, dataDir: database.dataDir, env: { TRUST_PROXY: "loopback" } });
    try {
      for (let i = 0; i < 5; i++) await loadRegister(server.url);
      const ticket = (token: string, lang: string) => `/tickets/${encodeURIComponent(token)}/ticket.png?lang=${lang}`;
      let next = 0;
      return [
        await phase(server.url, "alone"),
        await phase(server.url, "one ticket", () => ({ path: ticket(tokens[0] ?? "", "en"), from: "203.0.113.9" })),
        await phase(server.url, "new pictures", () => {
          const n = ++next;
          const i = n % ATTENDEES;
          return { path: ticket(tokens[i] ?? "", n % (2 * ATTENDEES) < ATTENDEES ? "en" : "ha"), from: `10.${i >> 8}.${i & 255}.1` };
        }),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
    app.dispose();
  }
}

function table(rows: { build: string; phases: Phase[] }[]): string {
  const ms = (p: Phase) => `${percentile(p.register, 50).toFixed(0)} / ${percentile(p.register, 90).toFixed(0)} ms`;
  const lines = [
    "| Build | Phase | `/register` median / p90 | `/register` 503 | `ticket.png` answers (in flight: 12) |",
    "| ----- | ----- | ------------------------ | --------------- | ------------------------------------ |",
  ];
  for (const { build, phases } of rows) {
    for (const p of phases) {
      const statuses = [...p.pictures.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${n} × ${s || "error"}`);
      lines.push(`| ${build} | ${p.name} | ${ms(p)} | ${p.register503} of ${p.register.length} | ${statuses.join(", ") || "–"} |`);
    }
  }
  return lines.join("\n");
}

async function main() {
  const loadAtStart = loadAverage().toFixed(1);
  const rows: { build: string; phases: Phase[] }[] = [];
  if (args.before) rows.push({ build: `before (${args.before.slice(0, 7)})`, phases: await measure({ ref: args.before }) });
  rows.push({ build: "now", phases: await measure("worktree") });
  const date = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const body = [
    `Measured ${date} on ${machineDescription()}; load average ${loadAtStart} at the start, ${loadAverage().toFixed(1)} at the end.`,
    `Production build, embedded database, ${ATTENDEES} attendees; \`/register\` loaded ${SAMPLES} times one after another per phase,` +
      ` from the first byte sent to the last received. "one ticket": 12 requests for one registrant's ticket.png always in flight;` +
      ` "new pictures": 12 always in flight, each another attendee's picture (English and Hausa in turn) from its own network.`,
    "",
    table(rows),
    "",
    `Reproduce: \`npm run bench:images${args.before ? ` -- --before ${args.before}` : ""}\`.`,
  ].join("\n");
  process.stdout.write(`\n${HEADING}\n\n${body}\n`);
  if (!args["no-write"]) writeSection(HEADING, body);
}

await main();
