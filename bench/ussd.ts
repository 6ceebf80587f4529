// npm run bench:ussd — the phone channels under load, against the production server (embedded
// database) wired to a fake Africa's Talking on loopback:
// 1. USSD: 50 sessions at once, each walking the whole registration menu as the gateway drives
//    it (8 requests, the text growing by one answer each), 10 rounds (each person dials again
//    when their session ends; the first dials spread over a session's length); every request's time from
//    post to answer. Target: p99 ≤ 300 ms (gateways drop a session after a few seconds). Between
//    two screens each person takes 0.5–1.5 × --think-ms to read and answer (a quick thumb: 1 s on
//    average); --think-ms=0 sends each step as soon as the last is answered, which is 50 requests
//    always in flight, far past what 50 people at their phones send.
// 2. SMS: 10,000 attendees who want SMS (and an e-mail each, so the reminders' 10,000 e-mails go
//    through the same outbox at the same time), "Send Reminders" pressed once; the time until the
//    fake gateway holds the 10,000th reminder. Target: ≤ 60 s.
// Options: --sessions=50 --rounds=10 --think-ms=1000 --reminders=10000 --cpu-prof=DIR --no-write
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { startFakeAfricasTalking } from "#tests/support/fake-africastalking.ts";
import { fakeClockEnv } from "#tests/support/private-site.ts";
import { ensureProductionBuild, type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { dbConnectionOptions, openDbConnection } from "~/db/client.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { createBenchSession, seed } from "./admin/attendee-data";
import { writeSection } from "./support/docs-section";
import { machineDescription } from "./support/report";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const SESSIONS = Number(arg("sessions") ?? 50);
const ROUNDS = Number(arg("rounds") ?? 10);
const REMINDERS = Number(arg("reminders") ?? 10_000);
const THINK_MS = Number(arg("think-ms") ?? 1000);
const TOKEN = "bench-callback-token-0123456789";
const USSD_P99_TARGET_MS = 300;
const SMS_TARGET_S = 60;
const HEADING = "## SMS and USSD (npm run bench:ussd)";
// English, a name, Female, the first state and its first LGA, I agree, Confirm.
const ANSWERS = ["1", "Amina Bello", "2", "1", "1", "1", "1"];

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

ensureProductionBuild("if-stale");
const gateway = await startFakeAfricasTalking({ outcomesBySuffix: false });
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-ussd-"));
const dataDir = path.join(dir, "data");
let server: ProductionServer | undefined;
try {
  const future = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const database = await openDbConnection(dbConnectionOptions({ dataDir }));
  let cookie: string;
  try {
    // The reminders' people, who want SMS: those registered here and those the USSD sessions
    // register (the warm-up round too), who get SMS as everyone registered by USSD does. The
    // capacity is all of them (a summit holds at most 10,000).
    await seed(database.db, REMINDERS - SESSIONS * (ROUNDS + 1));
    await database.db.execute(sql`update attendees set sms_opt_in = true`);
    await updateSettings(database.db, { event_date: future, max_attendees: REMINDERS, auto_reminders: false });
    cookie = await createBenchSession(database.db);
  } finally {
    await database.close();
  }
  // Reminders by SMS wait for the morning (20:00–08:00 Lagos, UTC+1): at night the server's
  // clock (and the embedded database's now()) is moved on to noon, so they go at once.
  const lagosHour = (new Date().getUTCHours() + 1) % 24;
  const clockFile = path.join(dir, "clock");
  writeFileSync(clockFile, `+${(36 - lagosHour) % 24}h`);
  server = await startProductionServer({
    dataDir,
    readyTimeoutMs: 180_000,
    // --cpu-prof=DIR: the server's CPU profile, for bench/profile-top.ts
    nodeArgs: arg("cpu-prof") ? ["--cpu-prof", `--cpu-prof-dir=${arg("cpu-prof")}`] : [],
    env: {
      ...(lagosHour >= 8 && lagosHour < 20 ? {} : fakeClockEnv(clockFile)),
      SMS_PROVIDER: "africastalking",
      AFRICASTALKING_USERNAME: gateway.username,
      AFRICASTALKING_API_KEY: gateway.apiKey,
      AFRICASTALKING_SMS_URL: gateway.smsUrl,
      AFRICASTALKING_CALLBACK_TOKEN: TOKEN,
    },
  });
  const callback = `${server.url}/ussd/africastalking/${TOKEN}`;

  // ── USSD: SESSIONS sessions at once, ROUNDS times ──
  const times: number[] = [];
  let failures = 0;
  // The wrong answers by what they said, to tell a refusal from a slow or broken answer.
  const wrong = new Map<string, number>();
  let phone = 0;
  let registered = 0;
  const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
  const walk = async (round: number) => {
    const number = `+234809${String(++phone).padStart(7, "0")}`;
    const sessionId = `ATUid_bench_${round}_${number}`;
    for (let i = 0; i <= ANSWERS.length; i++) {
      if (i > 0) await think();
      const started = performance.now();
      const answer = await gateway.postUssd(callback, {
        sessionId,
        serviceCode: "*384*123#",
        phoneNumber: number,
        networkCode: "62130",
        text: ANSWERS.slice(0, i).join("*"),
      });
      if (round > 0) times.push(performance.now() - started);
      const ok = answer.status === 200 && (i < ANSWERS.length ? answer.body.startsWith("CON ") : /^END .*ZYS-/s.test(answer.body));
      if (ok && i === ANSWERS.length) registered++;
      if (!ok) {
        failures++;
        const what = `${answer.status} ${answer.body.slice(0, 80)}`;
        wrong.set(what, (wrong.get(what) ?? 0) + 1);
      }
    }
  };
  // Each of SESSIONS people dials again as soon as their session ends, ROUNDS + 1 times, so
  // SESSIONS sessions are always under way; their first dials are spread over one session's
  // length, as people's calls are, rather than all 50 reaching the same screen together.
  // Round 0 warms the server up and is not counted.
  const sessionMs = ANSWERS.length * THINK_MS;
  await Promise.all(
    Array.from({ length: SESSIONS }, async () => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * sessionMs));
      for (let round = 0; round <= ROUNDS; round++) await walk(round);
    }),
  );
  const sorted = [...times].sort((a, b) => a - b);
  const ussd = {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
  log(`USSD: ${JSON.stringify(ussd)}, ${failures} wrong answers ${JSON.stringify([...wrong].slice(0, 5))}`);

  // ── SMS: 10,000 reminders ──
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = gateway.messages.length;
  const started = performance.now();
  // The button's own request, as Event Operations posts it.
  const reminderMessages = () => gateway.messages.slice(before).filter((m) => /^(Reminder|Tunatarwa):/.test(m.message)).length;
  const pressed = await fetch(`${server.url}/admin/operations`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "send-reminders" }),
  });
  const queued = `Send Reminders answered ${pressed.status}`;
  // Everyone registered by now wants SMS: those seeded and those the sessions registered.
  const expected = REMINDERS - SESSIONS * (ROUNDS + 1) + registered;
  while (reminderMessages() < expected && performance.now() - started < 300_000) await new Promise((r) => setTimeout(r, 200));
  const smsSeconds = (performance.now() - started) / 1000;
  log(`SMS: ${reminderMessages()} reminders at the gateway in ${smsSeconds.toFixed(1)} s (${queued})`);

  const lines = [
    `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; machine: ${machineDescription()}. The server, the fake gateway and the load share the cores.`,
    `- Command: \`npm run bench:ussd\` (bench/ussd.ts): the production build on the embedded database, SMS to a fake Africa's Talking on loopback (tests/support/fake-africastalking.ts).`,
    "",
    "| Measure | Figure | Target |",
    "|---|---:|---:|",
    `| USSD request → answer, ${SESSIONS} sessions at once, ${ROUNDS} rounds of the whole menu, ${(THINK_MS / 1000).toFixed(1)} s on average to answer a screen (${ussd.n} requests) | p50 ${ussd.p50.toFixed(0)} ms, p95 ${ussd.p95.toFixed(0)} ms, p99 ${ussd.p99.toFixed(0)} ms, max ${ussd.max.toFixed(0)} ms | p99 ≤ ${USSD_P99_TARGET_MS} ms ${ussd.p99 <= USSD_P99_TARGET_MS ? "✓" : "✗"} |`,
    `| Wrong answers (not CON … / END … with a ticket ID) | ${failures} | 0 |`,
    `| ${expected.toLocaleString("en-US")} reminders by SMS (and as many e-mails), Send Reminders → the last SMS at the gateway | ${smsSeconds.toFixed(1)} s (${reminderMessages()} arrived) | ≤ ${SMS_TARGET_S} s ${smsSeconds <= SMS_TARGET_S && reminderMessages() >= expected ? "✓" : "✗"} |`,
  ];
  console.log(lines.join("\n"));
  if (!process.argv.includes("--no-write")) writeSection(HEADING, lines.join("\n"));
} finally {
  await server?.stop();
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
}
