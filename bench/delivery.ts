// npm run bench:delivery — how long people wait for their ticket after a registration rush, by
// e-mail, by SMS and on WhatsApp. The production server (mail over SMTP to a loopback sink, SMS
// to a fake Africa's Talking, WhatsApp to a fake of Meta's Graph API) takes 1,000 registrations
// through the form as a browser without JavaScript posts it (POST /register, "Also send my
// ticket by SMS" and "Send my ticket on WhatsApp too" ticked), 50 a second from at most 20
// people at once. The sink and the fakes note when each person's ticket arrives; each person's
// wait runs from the answer on their screen to that arrival. Reported per channel: p50, p95 and
// the longest wait (target p95 ≤ 5 s), beside the registrations' own p50/p99 (target p99 ≤
// 200 ms) and how long after the rush the last ticket lands. Every request the fake Graph API
// gets is checked: the bearer token, the template summit_ticket, and the person's ticket ID among
// its body's parameters. Writes the "Tickets after a rush" section of docs/BENCHMARKS.md.
//
// Options: --reps 3 --amount 1000 --rate 50 --connections 20 --warmup 100 --kinds postgres,pglite --no-write
//          --cpu-prof DIR (the server's CPU profile of each run, for bench/profile-top.ts)
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "#tests/support/fake-africastalking.ts";
import { type FakeGraph, startFakeGraph } from "#tests/support/fake-graph.ts";
import { type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import type { DbConnection } from "~/db/client.server";
import { storedPhone } from "~/modules/person/phone.server";
import { prepareAppBuild } from "./support/app-server";
import { loadAverage, processTreeCpuSeconds } from "./support/cpu";
import { type DatabaseKind, freshDatabase, stopPostgresCluster, verify } from "./support/databases";
import { writeSection } from "./support/docs-section";
import { type Stamp, stampSupply, uniqueRegistration } from "./support/http-load";
import { type Answer, closedLoop, openLoop, p50p99, percentile, type Sent } from "./support/open-loop";
import { machineDescription, median } from "./support/report";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink";

const { values: args } = parseArgs({
  options: {
    reps: { type: "string", default: "3" },
    amount: { type: "string", default: "1000" },
    rate: { type: "string", default: "50" },
    connections: { type: "string", default: "20" },
    warmup: { type: "string", default: "100" },
    kinds: { type: "string", default: "postgres,pglite" },
    /** server processes (WEB_CONCURRENCY, PostgreSQL only) */
    processes: { type: "string", default: "1" },
    "no-baseline": { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
    /** a directory for the server's CPU profile of each run (bench/profile-top.ts reads them) */
    "cpu-prof": { type: "string" },
  },
});
const HEADING = "## Tickets after a rush (npm run bench:delivery)";
const WAIT_P95_TARGET_S = 5;
const REGISTRATION_P99_TARGET_MS = 200;
// Waiting for the tickets gives up after this; a run that needs it has failed its target anyway.
const DELIVERY_TIMEOUT_MS = 300_000;
const amount = Number(args.amount);
const processes = Number(args.processes);
const rate = Number(args.rate);
const connections = Number(args.connections);
const warmup = Number(args.warmup);
const kinds = String(args.kinds).split(",") as DatabaseKind[];
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const TOKEN = "bench-delivery-callback-token-0123";
const WHATSAPP_VERIFY_TOKEN = "bench-delivery-whatsapp-verify-0123";
/** The template the server sends a ticket with (WHATSAPP_TEMPLATE_TICKET's default, left unset). */
const WHATSAPP_TICKET_TEMPLATE = "summit_ticket";

type Waits = { p50: number; p95: number; max: number; delivered: number };
/**
 * "held": the same rush while the SMTP sink leaves every message unanswered, so the worker's
 * first round never ends and nothing is rendered or sent until the rush is over: the
 * registrations' figures without delivery, to compare with.
 */
type Mode = "delivering" | "held";
type Run = {
  kind: DatabaseKind;
  mode: Mode;
  burstSeconds: number;
  ok: number;
  refused: number;
  p50: number;
  p99: number;
  email: Waits;
  sms: Waits;
  whatsapp: Waits;
  /** what the fake Graph API was asked during the run (warm-up, rush and after) */
  graphChecks: GraphChecks;
  /** seconds from the burst's last answer to the last ticket's arrival, any channel */
  lastAfterEnd: number;
  /** the server's CPU during the burst per registration answered */
  burstCpuMs: number;
  load: number;
  outbox: string;
};

/**
 * What the fake Graph API was asked: every request, and how many of them carried another
 * `Authorization` than `Bearer <the token>`, were not the template summit_ticket, or lacked the
 * ticket ID of the person registered with their `to` among the body's parameters.
 */
type GraphChecks = { requests: number; wrongToken: number; otherTemplate: number; withoutTicketId: number };

const CHANNELS = ["email", "sms", "whatsapp"] as const;
type Channel = (typeof CHANNELS)[number];
const CHANNEL_NAMES: Record<Channel, string> = { email: "e-mail", sms: "SMS", whatsapp: "WhatsApp" };

/** A person's number as each fake is matched by: its last ten digits (SMS), E.164 without "+" (WhatsApp's `to`). */
type Numbers = { sms: string; whatsapp: string };

/** The last ten digits of a number, however it is written (0803…, +234803…). */
const digits = (phone: string) => phone.replace(/\D/g, "").slice(-10);

/**
 * A person at a browser without JavaScript: the plain form post, SMS and WhatsApp ticked, keyed by
 * e-mail; their numbers noted in `people`.
 */
function personPost(people: Map<string, Numbers>) {
  return ({ formStamp, cookie }: Stamp): Sent => {
    const person = uniqueRegistration();
    const email = person.email ?? "";
    const phone = person.phone ?? "";
    people.set(email, { sms: digits(phone), whatsapp: storedPhone(phone).replace(/^\+/, "") });
    const body = new URLSearchParams({ ...person, sms: "on", whatsapp: "on", formStamp, website: "" }).toString();
    return { method: "POST", path: "/register", body, headers: { cookie }, key: email };
  };
}

/** When each number's (latest) SMS reached the gateway, in performance.now() of this process. */
function smsArrivals(gateway: FakeAfricasTalking): Map<string, number> {
  const arrivals = new Map<string, number>();
  for (const message of gateway.messages) arrivals.set(digits(message.to), message.receivedAt - performance.timeOrigin);
  return arrivals;
}

/** When the Graph API took each number's (first) WhatsApp message, by its `to`, in performance.now() of this process. */
function whatsappArrivals(graph: FakeGraph): Map<string, number> {
  const arrivals = new Map<string, number>();
  for (const message of graph.messages)
    if (!arrivals.has(message.to)) arrivals.set(message.to, message.receivedAt - performance.timeOrigin);
  return arrivals;
}

type Fakes = { sink: SmtpSink; gateway: FakeAfricasTalking; graph: FakeGraph };

/** Each channel's arrival of each person's ticket (by e-mail) as the sink and the fakes have them now. */
function arrivalsNow(
  { sink, gateway, graph }: Fakes,
  people: Map<string, Numbers>,
): Record<Channel, (email: string) => number | undefined> {
  const sms = smsArrivals(gateway);
  const whatsapp = whatsappArrivals(graph);
  return {
    email: (email) => sink.arrivals.get(email),
    sms: (email) => sms.get(people.get(email)?.sms ?? ""),
    whatsapp: (email) => whatsapp.get(people.get(email)?.whatsapp ?? ""),
  };
}

/** Resolves once every person has all three tickets, or says loudly which are missing once the timeout passed. */
async function untilDelivered(fakes: Fakes, emails: string[], people: Map<string, Numbers>) {
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  for (;;) {
    const arrived = arrivalsNow(fakes, people);
    const missing = CHANNELS.map((channel) => [channel, emails.filter((email) => arrived[channel](email) === undefined).length] as const);
    if (missing.every(([, n]) => n === 0)) return;
    if (performance.now() > deadline) {
      const said = missing.map(([channel, n]) => `${CHANNEL_NAMES[channel]} ${n}`).join(", ");
      log(`TICKETS NEVER ARRIVED within ${DELIVERY_TIMEOUT_MS / 1000} s, of ${emails.length} people: ${said} missing`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The body parameters' texts of a template message as the Graph API got it. */
function bodyParameters(body: unknown): string[] {
  const template = (body as { template?: { components?: unknown } } | undefined)?.template;
  const components = Array.isArray(template?.components) ? (template.components as { type?: unknown; parameters?: unknown }[]) : [];
  return components
    .filter((component) => component?.type === "body" && Array.isArray(component.parameters))
    .flatMap((component) => (component.parameters as { text?: unknown }[]).map((parameter) => String(parameter?.text ?? "")));
}

/** Checks the Graph API's requests against the token and the registrations' ticket IDs (by `to`, E.164 without "+"). */
function checkGraphRequests(requests: FakeGraph["requests"], accessToken: string, ticketIds: Map<string, string>): GraphChecks {
  const checks: GraphChecks = { requests: requests.length, wrongToken: 0, otherTemplate: 0, withoutTicketId: 0 };
  for (const request of requests) {
    const body = request.body as { to?: unknown; type?: unknown; template?: { name?: unknown } } | undefined;
    if (request.authorization !== `Bearer ${accessToken}`) checks.wrongToken++;
    if (body?.type !== "template" || body.template?.name !== WHATSAPP_TICKET_TEMPLATE) checks.otherTemplate++;
    const ticketId = typeof body?.to === "string" ? ticketIds.get(body.to) : undefined;
    if (ticketId === undefined || !bodyParameters(body).includes(ticketId)) checks.withoutTicketId++;
  }
  return checks;
}

const graphMismatches = (c: GraphChecks) => c.wrongToken + c.otherTemplate + c.withoutTicketId;
const graphChecksText = (c: GraphChecks) =>
  `${c.requests} Graph API requests: ${c.wrongToken} with another token, ${c.otherTemplate} not ${WHATSAPP_TICKET_TEMPLATE}, ${c.withoutTicketId} without the person's ticket ID`;

/** Each registration's ticket ID by its number as WhatsApp's `to` (E.164 without "+"). */
async function ticketIdsByNumber(database: DbConnection): Promise<Map<string, string>> {
  const result = await database.db.execute(sql`select phone, ticket_id from attendees`);
  const rows = (result as unknown as { rows: { phone: string; ticket_id: string }[] }).rows;
  return new Map(rows.map((r) => [r.phone.replace(/^\+/, ""), r.ticket_id]));
}

function waits(ok: Answer[], arrivalOf: (key: string) => number | undefined): Waits {
  const seconds = ok.flatMap((a) => {
    const arrived = arrivalOf(a.key ?? "");
    return arrived === undefined ? [] : [(arrived - a.at) / 1000];
  });
  return { p50: percentile(seconds, 50), p95: percentile(seconds, 95), max: Math.max(...seconds), delivered: seconds.length };
}

const isOk = (a: Answer) => a.status >= 200 && a.status < 400;

async function measure(kind: DatabaseKind, mode: Mode, appDir: string, fakes: Fakes): Promise<Run> {
  const { sink, gateway, graph } = fakes;
  const bench = await freshDatabase(kind);
  let server: ProductionServer | undefined;
  // The fake keeps every run's requests: this run's are those from here on.
  const firstGraphRequest = graph.requests.length;
  try {
    server = await startProductionServer({
      dir: appDir,
      dataDir: bench.dataDir,
      databaseUrl: bench.databaseUrl,
      smtpUrl: sink.url,
      processes: kind === "postgres" ? processes : 1,
      nodeArgs: args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${args["cpu-prof"]}`] : [],
      env: {
        // One load generator on loopback is one client address: lift the per-address ceiling.
        FORM_POSTS_PER_IP: "100000000",
        SMS_PROVIDER: "africastalking",
        AFRICASTALKING_USERNAME: gateway.username,
        AFRICASTALKING_API_KEY: gateway.apiKey,
        AFRICASTALKING_SMS_URL: gateway.smsUrl,
        AFRICASTALKING_CALLBACK_TOKEN: TOKEN,
        // WhatsApp on, its Graph API the fake. The fake is given no webhook URL, so it posts no
        // statuses back, as the fake gateway posts no delivery reports: the rush is the same load.
        WHATSAPP_ACCESS_TOKEN: graph.accessToken,
        WHATSAPP_PHONE_NUMBER_ID: graph.phoneNumberId,
        WHATSAPP_APP_SECRET: graph.appSecret,
        WHATSAPP_VERIFY_TOKEN,
        WHATSAPP_GRAPH_URL: graph.url,
      },
    });
    const { url, pid } = server;
    const people = new Map<string, Numbers>();
    const stamps = stampSupply(url);
    await stamps.fill(warmup + amount + 2 * connections);
    const next = () => personPost(people)(stamps.next());
    // Warm-up: the JIT settles and the first tickets are rendered; all delivered before the rush.
    const warm = await closedLoop({ url, connections, seconds: 120, amount: warmup, next });
    await untilDelivered(fakes, okKeys(warm.answers), people);

    if (mode === "held") sink.hold();
    const cpuBefore = processTreeCpuSeconds(pid);
    const started = performance.now();
    const burst = await openLoop({ url, rate, seconds: amount / rate, inFlight: connections, next });
    const ended = Math.max(...burst.answers.map((a) => a.at));
    const burstCpu = processTreeCpuSeconds(pid) - cpuBefore;
    const load = loadAverage();
    sink.release();
    const keys = okKeys(burst.answers);
    await untilDelivered(fakes, keys, people);
    await server.stop();
    server = undefined;

    const ok = burst.answers.filter(isOk);
    const arrived = arrivalsNow(fakes, people);
    const last = Math.max(...keys.flatMap((key) => CHANNELS.map((channel) => arrived[channel](key) ?? 0)));
    const database = await bench.open();
    const [outbox, ticketIds] = await Promise.all([verify(database), ticketIdsByNumber(database)]).finally(() => database.close());
    const graphChecks = checkGraphRequests(graph.requests.slice(firstGraphRequest), graph.accessToken, ticketIds);
    const run: Run = {
      kind,
      mode,
      burstSeconds: (ended - started) / 1000,
      ok: ok.length,
      refused: burst.answers.length - ok.length,
      ...p50p99(ok),
      email: waits(ok, arrived.email),
      sms: waits(ok, arrived.sms),
      whatsapp: waits(ok, arrived.whatsapp),
      graphChecks,
      lastAfterEnd: (last - ended) / 1000,
      burstCpuMs: (burstCpu * 1000) / Math.max(1, ok.length),
      load,
      outbox: JSON.stringify(outbox.mailByStatus),
    };
    const statuses: Record<string, number> = {};
    for (const a of burst.answers) statuses[a.error ?? a.status] = (statuses[a.error ?? a.status] ?? 0) + 1;
    log(`${kind}, ${mode}: ${JSON.stringify({ ...run, statuses })}`);
    if (graphMismatches(graphChecks) > 0) log(`WHATSAPP REQUESTS NOT AS EXPECTED (${kind}, ${mode}): ${graphChecksText(graphChecks)}`);
    return run;
  } finally {
    await server?.stop();
    await bench.dispose();
  }
}

const okKeys = (answers: Answer[]) => answers.filter(isOk).map((a) => a.key ?? "");

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "—");
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "—");
const waitCell = (w: Waits) => `${f1(w.p50)} / ${f1(w.p95)} / ${f1(w.max)}`;

/** One table row's figures (after the label): medians of the runs. */
function row(runs: Run[]): string {
  const m = (pick: (r: Run) => number) => median(runs.map(pick));
  const held = runs[0]?.mode === "held";
  const medianWaits = (pick: (r: Run) => Waits): Waits => ({
    p50: m((r) => pick(r).p50),
    p95: m((r) => pick(r).p95),
    max: m((r) => pick(r).max),
    delivered: m((r) => pick(r).delivered),
  });
  return [
    f1(m((r) => r.burstSeconds)),
    `${f0(m((r) => r.ok))} / ${f0(m((r) => r.refused))}`,
    f0(m((r) => r.ok / r.burstSeconds)),
    f0(m((r) => r.p50)),
    f0(m((r) => r.p99)),
    held ? "held" : waitCell(medianWaits((r) => r.email)),
    held ? "held" : waitCell(medianWaits((r) => r.sms)),
    held ? "held" : waitCell(medianWaits((r) => r.whatsapp)),
    held ? "—" : f1(m((r) => r.lastAfterEnd)),
    f1(m((r) => r.burstCpuMs)),
    f1(m((r) => r.load)),
  ].join(" | ");
}

function report(runs: Run[]): { table: string; verdicts: string[]; perRun: string[] } {
  const lines = [
    "| Database, mail | Rush s | Answered 2xx–3xx / other | Reg/s | Reg p50 ms | Reg p99 ms | Answer → e-mail p50 / p95 / max, s | Answer → SMS p50 / p95 / max, s | Answer → WhatsApp p50 / p95 / max, s | Last ticket after the rush, s | Server CPU ms per registration | Load |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const verdicts: string[] = [];
  const mark = (met: boolean) => (met ? "met" : "NOT MET");
  for (const kind of kinds) {
    const delivering = runs.filter((r) => r.kind === kind && r.mode === "delivering");
    const held = runs.filter((r) => r.kind === kind && r.mode === "held");
    if (delivering.length) lines.push(`| ${kind}, delivering | ${row(delivering)} |`);
    if (held.length) lines.push(`| ${kind}, SMTP held during the rush | ${row(held)} |`);
    if (!delivering.length) continue;
    const email = median(delivering.map((r) => r.email.p95));
    const sms = median(delivering.map((r) => r.sms.p95));
    const whatsapp = median(delivering.map((r) => r.whatsapp.p95));
    const p99 = median(delivering.map((r) => r.p99));
    // Tickets missing per channel, summed over the runs (a run that lost some says so in its line).
    const missing = CHANNELS.flatMap((channel) => {
      const n = delivering.reduce((sum, r) => sum + r.ok - r[channel].delivered, 0);
      return n > 0 ? [`${CHANNEL_NAMES[channel]} ${n}`] : [];
    });
    const mismatched = runs.filter((r) => r.kind === kind && graphMismatches(r.graphChecks) > 0);
    verdicts.push(
      `${kind}: e-mail p95 ${f1(email)} s (≤ ${WAIT_P95_TARGET_S} s: ${mark(email <= WAIT_P95_TARGET_S)}), ` +
        `SMS p95 ${f1(sms)} s (≤ ${WAIT_P95_TARGET_S} s: ${mark(sms <= WAIT_P95_TARGET_S)}), ` +
        `WhatsApp p95 ${f1(whatsapp)} s (≤ ${WAIT_P95_TARGET_S} s: ${mark(whatsapp <= WAIT_P95_TARGET_S)}), ` +
        `registration p99 ${f0(p99)} ms (≤ ${REGISTRATION_P99_TARGET_MS} ms: ${mark(p99 <= REGISTRATION_P99_TARGET_MS)})` +
        (held.length ? `; with nothing delivered during the rush, p99 ${f0(median(held.map((r) => r.p99)))} ms` : "") +
        (missing.length ? `; SOME TICKETS NEVER ARRIVED (${missing.join(", ")} missing)` : "") +
        (mismatched.length
          ? `; WHATSAPP REQUESTS NOT AS EXPECTED in ${mismatched.length} run(s): ${mismatched.map((r) => `${r.mode}: ${graphChecksText(r.graphChecks)}`).join("; ")}`
          : `; every WhatsApp request carried the bearer token and ${WHATSAPP_TICKET_TEMPLATE} with the person's ticket ID`),
    );
  }
  const perRun = runs.map(
    (r) =>
      `${r.kind}, ${r.mode}: rush ${f1(r.burstSeconds)} s, ${r.ok} registered, ${r.refused} other answers, p50/p99 ${f0(r.p50)}/${f0(r.p99)} ms, ` +
      (r.mode === "delivering"
        ? `e-mail ${waitCell(r.email)} s (${r.email.delivered}), SMS ${waitCell(r.sms)} s (${r.sms.delivered}), WhatsApp ${waitCell(r.whatsapp)} s (${r.whatsapp.delivered}), last ${f1(r.lastAfterEnd)} s after the rush, `
        : "nothing delivered during the rush, ") +
      `${graphChecksText(r.graphChecks)}, server CPU ${f1(r.burstCpuMs)} ms a registration, outbox at stop ${r.outbox}, load ${f1(r.load)}`,
  );
  return { table: lines.join("\n"), verdicts, perRun };
}

async function main() {
  const loadBefore = loadAverage();
  const app = prepareAppBuild("worktree");
  process.once("SIGINT", () => {
    stopPostgresCluster();
    app.dispose();
    process.exit(130);
  });
  const sink = await startSmtpSink();
  const gateway = await startFakeAfricasTalking({ outcomesBySuffix: false });
  // Every number takes its message (no failures set), answered at once; no status webhooks (see measure).
  const graph = await startFakeGraph();
  const runs: Run[] = [];
  try {
    const modes: Mode[] = args["no-baseline"] ? ["delivering"] : ["delivering", "held"];
    for (let rep = 1; rep <= Number(args.reps); rep++) {
      for (const kind of kinds) for (const mode of modes) runs.push(await measure(kind, mode, app.dir, { sink, gateway, graph }));
    }
  } finally {
    await sink.stop();
    await gateway.close();
    await graph.close();
    stopPostgresCluster();
    app.dispose();
  }
  const { table, verdicts, perRun } = report(runs);
  console.log(`\n${table}\n\n${verdicts.join("\n")}`);
  const command = process.argv.slice(2).length ? `npm run bench:delivery -- ${process.argv.slice(2).join(" ")}` : "npm run bench:delivery";
  const body = [
    `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `- Machine: ${machineDescription()}; load average ${f1(loadBefore)} at the start, ${f1(loadAverage())} at the end. The load generator, the SMTP sink, the fake gateway, the fake Graph API and the server share the cores.`,
    `- Command: \`${command}\` (bench/delivery.ts): the production build on a fresh database, \`SMTP_URL\` pointing at a loopback SMTP sink (bench/support/smtp-sink.ts), SMS through Africa's Talking's client to a fake of its API on loopback (tests/support/fake-africastalking.ts), WhatsApp through the Cloud API transport (at most 80 requests a second) to a fake of Meta's Graph API on loopback (tests/support/fake-graph.ts, \`WHATSAPP_GRAPH_URL\`; it answers at once and posts no status webhooks); each notes when each person's ticket arrives.`,
    `- Rush: ${warmup} warm-up registrations (their tickets delivered first), then ${amount} registrations through the form as a browser without JavaScript posts it (\`POST /register\`, unique e-mails and numbers, "Also send my ticket by SMS" and "Send my ticket on WhatsApp too" ticked), ${rate} a second, at most ${connections} unanswered at once. Each person's wait runs from the answer on their screen to their ticket's arrival at the SMTP sink, the SMS gateway or the Graph API (matched by the number, the request's \`to\`). Every request to the Graph API is checked for \`Authorization: Bearer <the token>\`, the template ${WHATSAPP_TICKET_TEMPLATE} and the person's ticket ID among its parameters.`,
    `- Beside it, "SMTP held": the same rush while the SMTP sink leaves every message unanswered, so the worker's first round never ends and nothing is rendered or sent until the rush is over: the registrations' figures without delivery, to compare with. ${processes > 1 ? `PostgreSQL runs ${processes} server processes (WEB_CONCURRENCY), each with its outbox worker.` : "One server process."}`,
    `- Medians of ${args.reps} run(s). Targets: each channel's wait p95 ≤ ${WAIT_P95_TARGET_S} s, registrations' p99 ≤ ${REGISTRATION_P99_TARGET_MS} ms, in the same rush.`,
    "",
    table,
    "",
    ...verdicts.map((v) => `- ${v}`),
    "",
    "Per run:",
    "",
    ...perRun.map((line) => `- ${line}`),
  ].join("\n");
  if (!args["no-write"]) writeSection(HEADING, body);
}

await main();
process.exit(0);
