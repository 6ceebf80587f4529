import { expect, test } from "../support/fixtures";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { registrationBurst } from "../support/registration-burst";
import { readSiteRecords } from "../support/site-records";
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from "../support/smtp-capture";

// kill -9 in the middle of a registration rush, then a restart on the same data: what the
// site told people must hold. Every registration it acknowledged is stored, every stored
// registration has its ticket e-mail queued with it, and each attendee gets one ticket.
// The kill comes while the SMTP server holds a ticket it has not yet answered: the one
// moment in which no system can know whether the mail went, so it goes again after the
// restart, under the same Message-ID (one per outbox row) for the receiving side to drop.
// The deliveries are counted by recipient, by Message-ID and by outbox row (X-Outbox-Id).
//
// On the embedded database the restarted server knows it is the only one: it sends the
// dead process's claimed messages at once. On PostgreSQL another instance might still be
// sending them, so they wait for the claim's lease to run out: a minute by default, 15 s here
// (MAIL_LEASE_SECONDS), since the wait is the same mechanism at any length and a minute of it was
// the suite's longest idle wait.

// More than get through before the kill: the posts after it find no server and fail at once.
const TOTAL = 1500;
const CONCURRENCY = 8;
/** acknowledgements before the kill; it then waits for a ticket in the SMTP server's hands */
const KILL_AFTER = 60;

const outboxId = (mail: CapturedMail) => String(mail.parsed.headers.get("x-outbox-id") ?? "");
const tally = (values: string[]) => values.reduce((map, v) => map.set(v, (map.get(v) ?? 0) + 1), new Map<string, number>());

async function pendingMail(url: string): Promise<number> {
  const health = (await (await fetch(`${url}/healthz`)).json()) as { outbox: { pending: number } };
  return health.outbox.pending;
}

for (const database of ["embedded", "PostgreSQL"] as const) {
  test.describe(`kill -9 during a registration burst, on the ${database} database`, () => {
    let site: PrivateSite | undefined;
    let smtp: SmtpCapture | undefined;
    test.afterAll(async () => {
      await site?.stop();
      await smtp?.stop();
    });

    test("every acknowledged registration is kept and every attendee gets one ticket", async () => {
      test.skip(test.info().project.name !== "desktop", "a server of its own, killed: once");
      test.setTimeout(240_000);
      const capture = await startSmtpCapture();
      smtp = capture;
      site = await startPrivateSite({
        smtpUrl: capture.url,
        postgres: database === "PostgreSQL",
        env: { MAIL_LEASE_SECONDS: "15" },
        // Its burst of 1,500 posts would otherwise starve the shared server for seconds: a door test
        // running beside it saw its server answer too late and went offline.
        nice: 10,
      });
      const victim = site.servers[0];
      if (!victim) throw new Error("the site has no server");

      const started = performance.now();
      let acknowledged = 0;
      let killedAfterMs = 0;
      let mailsAtKill = 0;
      const killIfDue = () => {
        if (killedAfterMs || acknowledged < KILL_AFTER) return false;
        process.kill(victim.pid, "SIGKILL");
        killedAfterMs = performance.now() - started;
        mailsAtKill = capture.messages.length;
        return true;
      };
      // Runs as each message arrives, before the SMTP server answers it.
      const killed = capture.waitFor(killIfDue, 120_000);
      const posts = await registrationBurst({
        urls: [victim.url],
        total: TOTAL,
        concurrency: CONCURRENCY,
        onRegistered: (n) => {
          acknowledged = n;
        },
      });
      await killed;
      // Reaps the killed process, so the PID in the data directory's lock is really gone.
      await victim.stop();
      const told = posts.filter((p) => p.outcome === "registered");
      const unanswered = posts.filter((p) => p.outcome === "no-answer");
      expect(posts.filter((p) => p.outcome === "refused" || p.outcome === "full")).toEqual([]);
      expect(told.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(unanswered.length, "the kill came in the middle of the burst").toBeGreaterThan(0);

      // The replacement (on the embedded database, taking over the dead process's lock) delivers what is still queued.
      const restartStarted = performance.now();
      const replacement = await site.startServer();
      const restartMs = performance.now() - restartStarted;
      await expect.poll(() => pendingMail(replacement.url), { timeout: 90_000, intervals: [500] }).toBe(0);
      const drainedMs = performance.now() - restartStarted;
      // A copy of anything delivered twice would come now.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await replacement.stop();

      const records = await readSiteRecords(site);
      const stored = new Map(records.attendees.map((a) => [a.email, a]));
      for (const post of told) expect(stored.get(post.email)?.ticket_id, `acknowledged ${post.email}`).toBe(post.ticketId);

      // Each registration has exactly one ticket e-mail, queued with it, and it was sent.
      const tickets = records.outbox.filter((m) => m.kind === "ticket");
      expect(records.outbox.length).toBe(tickets.length);
      expect(tickets.map((m) => m.attendee_id).sort()).toEqual(records.attendees.map((a) => a.id).sort());
      expect(tickets.filter((m) => m.status !== "sent")).toEqual([]);

      // One ticket per attendee: every delivery of a row carries that row's one Message-ID, and
      // every attendee received exactly one Message-ID.
      const delivered = capture.messages;
      const rows = new Map(tickets.map((m) => [m.id, m]));
      for (const mail of delivered) {
        const row = rows.get(outboxId(mail));
        expect(row, `a delivery of an unknown message ${outboxId(mail)}`).toBeDefined();
        expect(mail.parsed.messageId).toBe(row?.message_id);
        expect(mail.envelopeTo).toEqual([row?.to_address]);
      }
      const idsByRecipient = new Map<string, Set<string>>();
      for (const mail of delivered) {
        for (const to of mail.envelopeTo) idsByRecipient.set(to, (idsByRecipient.get(to) ?? new Set()).add(mail.parsed.messageId ?? ""));
      }
      expect([...idsByRecipient.keys()].sort()).toEqual(records.attendees.map((a) => a.email).sort());
      expect(
        [...idsByRecipient].filter(([, ids]) => ids.size !== 1),
        "attendees with two different tickets",
      ).toEqual([]);
      // A second copy only of what the killed process had claimed (it is then claimed twice).
      const copies = [...tally(delivered.map(outboxId))].filter(([, n]) => n > 1);
      for (const [id, n] of copies) expect({ id, n, attempts: rows.get(id)?.attempts }).toEqual({ id, n: 2, attempts: 2 });

      const figures = {
        posts: posts.length,
        acknowledged: told.length,
        unanswered: unanswered.length,
        stored: records.attendees.length,
        killedAfterMs: Math.round(killedAfterMs),
        mailsAtKill,
        reclaimed: tickets.filter((m) => m.attempts > 1).length,
        deliveries: delivered.length,
        sentTwice: copies.length,
        restartMs: Math.round(restartMs),
        drainedMs: Math.round(drainedMs),
      };
      process.stdout.write(`[crash-recovery] ${database} ${JSON.stringify(figures)}\n`);
    });
  });
}
