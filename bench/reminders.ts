// npm run bench:reminders — 10,000 reminders from the click to the last message accepted by
// a loopback SMTP sink, through the production server (embedded database, pooled SMTP),
// with the server's CPU time per mail; and, in the same run, the product's first method:
// one message at a time, a new SMTP connection each, 100 ms apart, measured on a sample and
// projected to the same count (the whole of it would take over 17 minutes). Half the attendees
// registered in Hausa: their reminders are in Hausa, and the mail merge must still render one
// layout per language, not one per Hausa reminder (checked in this process, mergeCheck).
// Options: --n=10000 --spec-sample=200 --merge-sample=400 --no-write --cpu-prof=DIR
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import nodemailer from "nodemailer";
import { ensureProductionBuild, type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { dbConnectionOptions, openDbConnection } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { type Language, languageOr } from "~/i18n/languages";
import { updateSettings } from "~/modules/settings/settings.server";
import { renderReminderMail } from "~/modules/tickets/reminders.server";
import { createBenchSession, seed } from "./admin/attendee-data";
import { processTreeCpuSeconds } from "./support/cpu";
import { writeSection } from "./support/docs-section";
import { startSmtpSink } from "./support/smtp-sink";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const N = Number(arg("n") ?? 10_000);
const SPEC_SAMPLE = Number(arg("spec-sample") ?? 200);
const MERGE_SAMPLE = Number(arg("merge-sample") ?? 400);
const SPEC_PAUSE_MS = 100;
/** The share of attendees who registered in Hausa. */
const HAUSA = 0.5;
const TARGET_S = 60;
const KEYS = { publicUrl: "http://127.0.0.1", secret: "bench-reminders-secret-0123456789abcdef" };

// Ten days ahead and the automatic reminder off: only the click sends anything.
const eventDate = new Date(Date.now() + 60 * 60_000 + 10 * 86_400_000).toISOString().slice(0, 10);

type Ours = { seconds: number; queueMs: number; cpuPerMailMs: number; cpuSeconds: number };

async function ourMethod(smtp: Awaited<ReturnType<typeof startSmtpSink>>): Promise<Ours> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-reminders-"));
  const dataDir = path.join(dir, "data");
  let server: ProductionServer | undefined;
  try {
    const database = await openDbConnection(dbConnectionOptions({ dataDir }));
    let cookie: string;
    try {
      const seeded = await seed(database.db, N, { hausa: HAUSA });
      console.error(`inserted ${N} attendees in ${seeded.ms.toFixed(0)} ms`);
      await updateSettings(database.db, { event_date: eventDate, auto_reminders: false, max_attendees: 10_000 });
      cookie = await createBenchSession(database.db);
    } finally {
      await database.close();
    }
    const profile = arg("cpu-prof"); // a directory: the server writes a .cpuprofile there on stop
    server = await startProductionServer({
      dataDir,
      smtpUrl: smtp.url,
      readyTimeoutMs: 180_000,
      nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
      output: process.argv.includes("--verbose") ? "forward" : "capture",
    });
    await delay(2_000); // let start-up work settle before the clock runs
    const before = smtp.received();
    const cpu0 = processTreeCpuSeconds(server.pid);
    const t0 = performance.now();
    const response = await fetch(`${server.url}/admin/operations`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=send-reminders",
      redirect: "manual",
    });
    const queueMs = performance.now() - t0;
    if (response.status !== 302 && response.status !== 303) throw new Error(`Send Reminders answered ${response.status}`);
    while (smtp.received() - before < N) {
      if (performance.now() - t0 > 600_000) throw new Error(`only ${smtp.received() - before} of ${N} after 10 minutes`);
      await delay(20);
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = processTreeCpuSeconds(server.pid) - cpu0;
    return { seconds, queueMs, cpuSeconds, cpuPerMailMs: (cpuSeconds * 1000) / N };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

type Merge = { sample: number; first: Record<Language, number>; median: Record<Language, number>; once: boolean };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * The mail merge with two languages, in this process before anything else rendered a reminder:
 * the first reminder of each language renders its layout (React), every later one only fills
 * the person's values in. Were a language's layout rendered per reminder, its later reminders
 * would cost what its first does. Each reminder is also checked to be in its person's language.
 */
async function mergeCheck(): Promise<Merge> {
  const database = await openDbConnection({ kind: "memory" });
  try {
    await seed(database.db, MERGE_SAMPLE, { hausa: HAUSA });
    await updateSettings(database.db, { event_date: eventDate });
    const rows = await database.db.select({ id: attendees.id, language: attendees.language }).from(attendees);
    const times: Record<Language, number[]> = { en: [], ha: [] };
    for (const { id, language } of rows) {
      const t0 = performance.now();
      const mail = await renderReminderMail(database.db, { attendeeId: id }, KEYS);
      times[languageOr(language)].push(performance.now() - t0);
      if (!new RegExp(`<html[^>]*\\slang="${languageOr(language)}"`).test(mail.html)) throw new Error(`a reminder not in ${language}`);
    }
    const first = { en: times.en[0] ?? Number.NaN, ha: times.ha[0] ?? Number.NaN };
    const later = { en: median(times.en.slice(1)), ha: median(times.ha.slice(1)) };
    return { sample: rows.length, first, median: later, once: later.en < first.en / 4 && later.ha < first.ha / 4 };
  } finally {
    await database.close();
  }
}

type Spec = { sample: number; seconds: number; projectedSeconds: number; perMailMs: number };

/** The product's loop: for each attendee, render and send on a fresh connection, then wait 100 ms. */
async function specMethod(smtpUrl: string): Promise<Spec> {
  const database = await openDbConnection({ kind: "memory" });
  const transport = nodemailer.createTransport({ url: smtpUrl });
  try {
    await seed(database.db, SPEC_SAMPLE, { hausa: HAUSA });
    await updateSettings(database.db, { event_date: eventDate });
    const ids = await database.db.select({ id: attendees.id, email: attendees.email }).from(attendees);
    const t0 = performance.now();
    for (const { id, email } of ids) {
      const mail = await renderReminderMail(database.db, { attendeeId: id }, KEYS);
      await transport.sendMail({
        from: "summit@example.org",
        to: email ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: (mail.attachments ?? []).map((a) => ({ ...a, content: Buffer.from(a.content, "base64") })),
      });
      await delay(SPEC_PAUSE_MS);
    }
    const seconds = (performance.now() - t0) / 1000;
    return { sample: ids.length, seconds, projectedSeconds: (seconds / ids.length) * N, perMailMs: (seconds * 1000) / ids.length };
  } finally {
    transport.close();
    await database.close();
  }
}

const fmt = (s: number) => (s >= 120 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(1)} s`);

ensureProductionBuild("if-stale");
const smtp = await startSmtpSink();
try {
  const ours = await ourMethod(smtp);
  console.error(`ours: ${N} in ${ours.seconds.toFixed(1)} s; CPU ${ours.cpuPerMailMs.toFixed(2)} ms/mail`);
  // Before specMethod, which renders reminders in this process and so would leave layouts behind.
  const merge = await mergeCheck();
  console.error(`merge: ${JSON.stringify(merge)}`);
  const spec = await specMethod(smtp.url);
  console.error(`spec: ${spec.sample} in ${spec.seconds.toFixed(1)} s → ${N} in ${fmt(spec.projectedSeconds)}`);
  const cpus = os.cpus();
  const body = [
    `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}; 1-minute load average at the end ${os.loadavg()[0]?.toFixed(1)} (the bench itself included).`,
    `- Command: \`npm run bench:reminders\` (bench/reminders.ts). ${N.toLocaleString("en-US")} generated attendees in the embedded database, ${HAUSA * 100}% of them registered in Hausa (every other row), so half the reminders go out in Hausa; the production server (one process) with SMTP_URL pointing at a loopback SMTP sink that accepts and discards; the clock runs from the Send Reminders POST to the sink accepting the last message. Server CPU is user + system time from /proc.`,
    `- Target: ${N.toLocaleString("en-US")} reminders ≤ ${TARGET_S} s from the click to the last message accepted.`,
    "",
    "| Method | Messages | Time | Rate | Server CPU per mail |",
    "| --- | ---: | ---: | ---: | ---: |",
    `| Outbox: one statement queues all, worker renders and sends over 3 pooled SMTP connections | ${N.toLocaleString("en-US")} | ${fmt(ours.seconds)} (queued in ${ours.queueMs.toFixed(0)} ms) | ${Math.round(N / ours.seconds)} /s | ${ours.cpuPerMailMs.toFixed(2)} ms |`,
    `| The product's first method: one at a time, new connection each, 100 ms pause | ${spec.sample} measured, ${N.toLocaleString("en-US")} projected | ${fmt(spec.seconds)} measured, **${fmt(spec.projectedSeconds)} projected** | ${(spec.sample / spec.seconds).toFixed(1)} /s | ${spec.perMailMs.toFixed(1)} ms wall per mail |`,
    "",
    `Mail merge with two languages (${merge.sample} reminders rendered in the bench's own process, before any other): the first English reminder took ${merge.first.en.toFixed(1)} ms and the first Hausa one ${merge.first.ha.toFixed(1)} ms (each renders its language's layout); every later one a median of ${merge.median.en.toFixed(2)} ms (English) and ${merge.median.ha.toFixed(2)} ms (Hausa), filling the person in. ${merge.once ? "One layout render per language, as before languages." : "**Not once per language**: later reminders cost about what a layout render does."}`,
    "",
    `Result: ${ours.seconds <= TARGET_S ? "meets" : "misses"} the target (${fmt(ours.seconds)} ≤ ${TARGET_S} s); ${(spec.projectedSeconds / ours.seconds).toFixed(0)}× faster than the first method at this size.`,
  ].join("\n");
  console.log(body);
  if (!process.argv.includes("--no-write")) writeSection("## Reminders (npm run bench:reminders)", body);
} finally {
  await smtp.stop();
}
