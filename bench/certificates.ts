// npm run bench:certificates — 10,000 certificates of attendance from the Send Certificates click
// to the last e-mail (with its PDF drawn at send time) accepted by a loopback SMTP sink, through
// the production server (embedded database, the outbox in the server's process), and the
// server's memory while it works: sampled every 250 ms, it must stay flat (no PDF kept after its
// e-mail went). Half the attendees registered in Hausa, so half the certificates are in Hausa.
// The public pages must not slow while the certificates go out: /register is loaded five times a
// second (a steady stream of visitors, not a flood that would itself take a core) before the
// click (alone) and while they go (during), and both medians reported.
// Options: --n=10000 --no-write --cpu-prof=DIR
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { ensureProductionBuild, type ProductionServer, startProductionServer } from "#tests/support/production-server.ts";
import { dbConnectionOptions, openDbConnection } from "~/db/client.server";
import { CERTIFICATE_LOGO } from "~/modules/certificates/certificate-drawing.server";
import { renderCertificatePdf } from "~/modules/certificates/certificate-pdf.server";
import { storeImage } from "~/modules/media/media.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { loadPrintImage, type PrintImage } from "~/print/image.server";
import { createBenchSession, seed } from "./admin/attendee-data";
import { processTreeCpuSeconds } from "./support/cpu";
import { writeSection } from "./support/docs-section";
import { startSmtpSink } from "./support/smtp-sink";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const N = Number(arg("n") ?? 10_000);
const TARGET_S = 60;
const HAUSA = 0.5;
// Yesterday: the event has ended, so Send Certificates is allowed; the automatic send stays off.
const eventDate = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** Resident memory of a process, in MiB, from /proc (0 once it is gone). */
function rssMiB(pid: number): number {
  try {
    const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    return kib / 1024;
  } catch {
    return 0;
  }
}

/** A logo like an organiser's upload: a 900 × 600 PNG with some detail, stored as uploads are. */
async function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="#14532d"/><circle cx="450" cy="300" r="220" fill="#facc15"/><circle cx="450" cy="300" r="150" fill="#166534"/><text x="450" y="330" font-size="90" text-anchor="middle" fill="#fff">ZYS</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** One certificate's drawing alone, in this process: the median of `count` after a warm-up, half of them in Hausa. */
async function drawingMedianMs(logo: PrintImage | null, count = 400): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count + 50; i++) {
    const t0 = performance.now();
    await renderCertificatePdf({
      fullName: i % 2 ? `Ƙaura Ɗanjuma Ɓello ${i}` : `Aisha Musa Abdullahi ${i}`,
      eventName: "Zamfara Youth Summit",
      eventDate: eventDate,
      venue: "Conference Hall, State Secretariat, Gusau",
      language: i % 2 ? "ha" : "en",
      signerName: "Hon. Aminu Sani",
      signerTitle: "Commissioner for Youth and Sports",
      logo,
      signature: null,
      code: "7KQ2M9XDR4TB8HWN",
      verifyUrl: "https://summit.example.org/verify/7KQ2-M9XD-R4TB-8HWN",
    });
    if (i >= 50) times.push(performance.now() - t0);
  }
  return median(times);
}

/** /register's answers, one every 200 ms, while `going(count)` says so: milliseconds each. */
async function registerTimes(base: string, going: (count: number) => boolean): Promise<number[]> {
  const times: number[] = [];
  while (going(times.length)) {
    if (times.length > 0) await delay(200);
    const t0 = performance.now();
    const response = await fetch(`${base}/register`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/register answered ${response.status}`);
    times.push(performance.now() - t0);
  }
  return times;
}

ensureProductionBuild("if-stale");
// The logo as certificates get it: its stored 640 px copy, made ready to print once.
const storedCopy = await sharp(await logoPng())
  .resize({ width: 640 })
  .webp({ quality: 80 })
  .toBuffer();
const drawingMs = await drawingMedianMs(await loadPrintImage(`/media/${"0".repeat(64)}.webp`, async () => storedCopy, CERTIFICATE_LOGO));
console.error(`one certificate drawn in a median of ${drawingMs.toFixed(2)} ms`);
const smtp = await startSmtpSink();
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-certificates-"));
const dataDir = path.join(dir, "data");
let server: ProductionServer | undefined;
try {
  const database = await openDbConnection(dbConnectionOptions({ dataDir }));
  let cookie: string;
  try {
    const seeded = await seed(database.db, N, { hausa: HAUSA });
    await database.db.execute(sql`insert into check_ins (attendee_id) select id from attendees`);
    const logo = await storeImage(database.db, { type: "image/png", size: 0, bytes: await logoPng() });
    await updateSettings(database.db, {
      event_date: eventDate,
      max_attendees: 10_000,
      auto_reminders: false,
      auto_certificates: false,
      logo_url: logo.url,
      certificate_signer_name: "Hon. Aminu Sani",
      certificate_signer_title: "Commissioner for Youth and Sports",
    });
    cookie = await createBenchSession(database.db);
    console.error(`inserted ${N} checked-in attendees in ${seeded.ms.toFixed(0)} ms`);
  } finally {
    await database.close();
  }
  server = await startProductionServer({
    dataDir,
    smtpUrl: smtp.url,
    readyTimeoutMs: 180_000,
    nodeArgs: arg("cpu-prof") ? ["--cpu-prof", `--cpu-prof-dir=${arg("cpu-prof")}`] : [],
    output: process.argv.includes("--verbose") ? "forward" : "capture",
  });
  await delay(3_000); // start-up work settles before the clock runs
  const alone = median(await registerTimes(server.url, (count) => count < 50));
  const pid = server.pid;
  const baseline = rssMiB(pid);
  const samples: { at: number; done: number; rss: number }[] = [];
  const before = smtp.received();
  const cpu0 = processTreeCpuSeconds(pid);
  const t0 = performance.now();
  const sampler = setInterval(() => samples.push({ at: performance.now() - t0, done: smtp.received() - before, rss: rssMiB(pid) }), 250);
  const response = await fetch(`${server.url}/admin/operations`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=send-certificates",
    redirect: "manual",
  });
  const queueMs = performance.now() - t0;
  if (response.status !== 302 && response.status !== 303) throw new Error(`Send Certificates answered ${response.status}`);
  if (!(response.headers.get("location") ?? "").includes("certificates=")) throw new Error("Send Certificates queued nothing");
  const sending = () => smtp.received() - before < N;
  const during = registerTimes(server.url, sending);
  while (sending()) {
    if (performance.now() - t0 > 600_000) throw new Error(`only ${smtp.received() - before} of ${N} after 10 minutes`);
    await delay(20);
  }
  const seconds = (performance.now() - t0) / 1000;
  const duringTimes = await during;
  clearInterval(sampler);
  const cpuSeconds = processTreeCpuSeconds(pid) - cpu0;
  // Memory per quarter of the run. The first quarter starts the drawing thread (a copy of the
  // server's code) and grows the heaps to their working size; flat means the last quarter holds
  // no more than the second, whatever the count.
  const quarter = (q: number) => median(samples.filter((s) => s.done >= (N * q) / 4 && s.done < (N * (q + 1)) / 4).map((s) => s.rss));
  const quarters = [0, 1, 2, 3].map(quarter);
  const peak = Math.max(...samples.map((s) => s.rss));
  const growth = (quarters[3] ?? 0) - (quarters[1] ?? 0);
  const flat = growth < 50;
  const cpus = os.cpus();
  const body = [
    `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}; 1-minute load average at the end ${os.loadavg()[0]?.toFixed(1)} (the bench itself included).`,
    `- Command: \`npm run bench:certificates\` (bench/certificates.ts). ${N.toLocaleString("en-US")} generated attendees in the embedded database, all checked in, half of them registered in Hausa; an organiser's logo (a 900 × 600 PNG upload) and a signature line; the production server (one process; with the embedded database the outbox runs in it) with SMTP_URL pointing at a loopback SMTP sink that accepts and discards. The clock runs from the Send Certificates POST to the sink accepting the last e-mail: each one's A4 PDF is drawn when it goes out, then attached. Memory is the server's resident set, sampled every 250 ms.`,
    `- Target: ${N.toLocaleString("en-US")} certificates rendered and queued ≤ ${TARGET_S} s, with flat memory.`,
    "",
    "| Certificates | Queued by the click | Rendered, attached and sent | Rate | Server CPU per certificate | Memory: before · each quarter's median · peak | `/register` median: alone · during the send |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${N.toLocaleString("en-US")} | ${queueMs.toFixed(0)} ms | **${seconds.toFixed(1)} s** | ${Math.round(N / seconds)} /s | ${((cpuSeconds * 1000) / N).toFixed(2)} ms | ${baseline.toFixed(0)} · ${quarters.map((q) => q?.toFixed(0)).join(" · ")} · ${peak.toFixed(0)} MiB | ${alone.toFixed(0)} · ${median(duringTimes).toFixed(0)} ms (${duringTimes.length} loads) |`,
    "",
    `One certificate's PDF alone (drawn in this process, 400 after a warm-up, half in Hausa, with the logo): median ${drawingMs.toFixed(2)} ms.`,
    "",
    `Result: ${seconds <= TARGET_S ? "meets" : "misses"} the time target (${seconds.toFixed(1)} s ≤ ${TARGET_S} s); memory ${flat ? "flat" : "**not flat**"}: the last quarter's median is ${growth >= 0 ? "+" : ""}${growth.toFixed(0)} MiB from the second's (a PDF kept per certificate would add some 40 KB × ${N.toLocaleString("en-US")}).`,
  ].join("\n");
  console.log(body);
  if (!process.argv.includes("--no-write")) writeSection("## Certificates (npm run bench:certificates)", body);
} finally {
  await server?.stop();
  await smtp.stop();
  rmSync(dir, { recursive: true, force: true });
}
