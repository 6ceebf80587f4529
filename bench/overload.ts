// npm run bench:overload — a crowd of 5× what the server can answer, arriving at once.
// Measures the production server's capacity (closed loop: clients that wait for their
// answer), then sends five times that rate for a while regardless of answers (open loop)
// and reports: accepted requests' latency (target p99 ≤ 1 s), refusals (503), connection
// errors (target 0), /healthz while it lasts, and the database afterwards (every accepted
// registration stored with its ticket e-mail queued, no refused one stored). With
// --baseline, the same burst against a server that never refuses (the limits set very
// high), to show what shedding saves. Writes the "Overload" section of docs/BENCHMARKS.md.
//
// Options: --seconds 20 (burst) --capacity-seconds 15 --factor 5 --connections 16 --baseline --no-write
import { parseArgs } from "node:util";
import { type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { parseConfig } from "~/config.server";
import { prepareAppBuild } from "./support/app-server";
import { loadAverage } from "./support/cpu";
import { freshDatabase } from "./support/databases";
import { writeSection } from "./support/docs-section";
import { registrationRequest, type StampSupply, stampSupply } from "./support/http-load";
import { type Answer, closedLoop, openLoop, percentile, probe, type Sent } from "./support/open-loop";
import { checkRegistrations, type RegistrationCheck } from "./support/overload-check";
import { machineDescription } from "./support/report";
import { startSmtpSink } from "./support/smtp-sink";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    "capacity-seconds": { type: "string", default: "15" },
    factor: { type: "string", default: "5" },
    connections: { type: "string", default: "16" },
    baseline: { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
  },
});
const HEADING = "## Overload (npm run bench:overload)";
// What the server runs with when nothing is configured: the first burst's settings.
const defaults = parseConfig({});
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const NO_SHEDDING = { MAX_ACTIVE_REQUESTS: "1000", MAX_QUEUE_WAIT_MS: "60000" };

/** Half page views (/register, the document), half registrations (the form's data request, as with JavaScript). */
function crowd(stamps: StampSupply): () => Sent {
  let n = 0;
  return () => {
    if (n++ % 2 === 0) return { method: "GET", path: "/register", headers: { accept: "text/html" } };
    return registrationRequest(stamps.next());
  };
}

type Phase = {
  name: string;
  offered: string;
  answers: Answer[];
  seconds: number;
  health?: Answer[];
  check?: RegistrationCheck;
};

function tally(phase: Phase) {
  const ok = phase.answers.filter((a) => a.status >= 200 && a.status < 400);
  const refused = phase.answers.filter((a) => a.status === 503);
  const errors = phase.answers.filter((a) => a.status === 0);
  const other = phase.answers.length - ok.length - refused.length - errors.length;
  return { ok, refused, errors, other, perSecond: ok.length / phase.seconds };
}

async function runServer(env: Record<string, string>, appDir: string, smtpUrl: string) {
  const database = await freshDatabase("pglite");
  const server = await startProductionServer({
    dir: appDir,
    dataDir: database.dataDir,
    smtpUrl,
    env: { FORM_POSTS_PER_IP: "100000000", ...env },
  });
  // A stamp per registration, fetched before each phase (fill), as a stamp is good for one post.
  const stamps = stampSupply(server.url);
  return { database, server, stamps, next: crowd(stamps) };
}

async function burst(server: ProductionServer, next: () => Sent, rate: number, seconds: number) {
  const health = probe(server.url, "/healthz", 200);
  const run = await openLoop({ url: server.url, rate, seconds, next });
  return { ...run, health: await health.stop() };
}

const ms = (value: number) => (Number.isNaN(value) ? "—" : `${Math.round(value)} ms`);

function row(phase: Phase): string {
  const d = tally(phase);
  const okMs = d.ok.map((a) => a.ms);
  const health = phase.health ?? [];
  const healthOk = health.filter((a) => a.status === 200).length;
  const check = phase.check
    ? `${phase.check.accepted} registrations accepted in all, ${phase.check.acceptedMissing} of them missing; ${phase.check.attendees} attendees stored, ${phase.check.ticketMails} ticket mails queued; ${phase.check.refusedStored} refused ones stored`
    : "—";
  return `| ${phase.name} | ${phase.offered} | ${phase.answers.length} | ${d.ok.length} (${d.perSecond.toFixed(0)}/s) | ${d.refused.length} | ${d.errors.length} | ${d.other} | ${ms(percentile(okMs, 50))} | ${ms(percentile(okMs, 99))} | ${ms(okMs.length ? Math.max(...okMs) : Number.NaN)} | ${ms(
    percentile(
      d.refused.map((a) => a.ms),
      99,
    ),
  )} | ${
    health.length
      ? `${healthOk}/${health.length} 200, p99 ${ms(
          percentile(
            health.map((a) => a.ms),
            99,
          ),
        )}, max ${ms(Math.max(...health.map((a) => a.ms)))}`
      : "—"
  } | ${check} |`;
}

async function main() {
  const seconds = Number(args.seconds);
  const factor = Number(args.factor);
  const startLoad = loadAverage();
  const app = prepareAppBuild("worktree");
  const smtp = await startSmtpSink();
  const phases: Phase[] = [];
  try {
    const shedding = await runServer({}, app.dir, smtp.url);
    let rate = 0;
    const everyAnswer: Answer[] = [];
    try {
      // Registrations are half the requests; a closed loop of 16 clients answers a few hundred a second at most.
      await shedding.stamps.fill(2_500);
      log("warming up (5 s)…");
      const warm = await closedLoop({ url: shedding.server.url, connections: Number(args.connections), seconds: 5, next: shedding.next });
      everyAnswer.push(...warm.answers);
      log("measuring capacity…");
      const capacity = await closedLoop({
        url: shedding.server.url,
        connections: Number(args.connections),
        seconds: Number(args["capacity-seconds"]),
        next: shedding.next,
      });
      const capacityPhase = { name: "Capacity (closed loop)", offered: `${args.connections} clients`, ...capacity };
      phases.push(capacityPhase);
      rate = Math.round(tally(capacityPhase).perSecond * factor);
      log(`capacity ${tally(capacityPhase).perSecond.toFixed(0)}/s; burst at ${rate}/s for ${seconds} s…`);
      await shedding.stamps.fill(Math.ceil((rate * seconds) / 2) + 100);
      const run = await burst(shedding.server, shedding.next, rate, seconds);
      everyAnswer.push(...capacity.answers, ...run.answers);
      phases.push({ name: `Burst, ${factor}× capacity, shedding (defaults)`, offered: `${rate}/s for ${seconds} s`, ...run });
    } finally {
      await shedding.server.stop();
    }
    const burstPhase = phases[1];
    if (burstPhase) burstPhase.check = await checkRegistrations(shedding.database, everyAnswer);
    await shedding.database.dispose();

    if (args.baseline) {
      const baseline = await runServer(NO_SHEDDING, app.dir, smtp.url);
      try {
        const short = Math.max(5, Math.round(seconds / 2));
        await baseline.stamps.fill(1_000 + Math.ceil((rate * short) / 2) + 100);
        await closedLoop({ url: baseline.server.url, connections: Number(args.connections), seconds: 5, next: baseline.next });
        log(`baseline: burst at ${rate}/s for ${short} s without shedding…`);
        const run = await burst(baseline.server, baseline.next, rate, short);
        phases.push({ name: `Burst, ${factor}× capacity, no shedding (limits 1000 / 60 s)`, offered: `${rate}/s for ${short} s`, ...run });
      } finally {
        await baseline.server.stop();
        await baseline.database.dispose();
      }
    }
  } finally {
    await smtp.stop();
    app.dispose();
  }

  const table = [
    "| Phase | Offered | Requests | Accepted (2xx/3xx) | 503 | Connection errors | Other | Accepted p50 | Accepted p99 | Accepted max | 503 p99 | /healthz every 200 ms | Database afterwards |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ...phases.map(row),
  ].join("\n");
  const body = `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC
- Machine: ${machineDescription()}; load average ${startLoad.toFixed(1)} at the start. The load generator, the SMTP sink and the server share the 2 cores.
- Command: \`npm run bench:overload${args.baseline ? " -- --baseline" : ""}\` (bench/overload.ts): the production build on a fresh embedded database, mail to a local SMTP sink.
- Traffic: half \`GET /register\` (the page), half \`POST /register.data\` (a registration with a unique e-mail, as the browser with JavaScript sends it). Capacity: ${args.connections} clients each sending its next request when answered, ${args["capacity-seconds"]} s after 5 s of warm-up. Burst: ${factor}× that rate sent on a timer whatever the answers (open loop, keep-alive connections), ${seconds} s, /healthz asked every 200 ms meanwhile.
- Server: the defaults, \`MAX_ACTIVE_REQUESTS=${defaults.maxActiveRequests}\` per lane, \`MAX_QUEUE_WAIT_MS=${defaults.maxQueueWaitMs}\`. Target: accepted p99 ≤ 1 s, 0 connection errors, /healthz answering, nothing half-saved.
- Database afterwards: stopped server's database opened; every registration answered 200 is stored, no registration answered 503 is, and each stored attendee has its ticket e-mail in the outbox (one transaction).

${table}`;
  log(`\n${table}`);
  if (!args["no-write"]) writeSection(HEADING, body);
}

await main();
process.exit(0);
