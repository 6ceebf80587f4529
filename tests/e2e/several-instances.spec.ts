import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import pg from "pg";
import { e2eAdmin, signInRequest } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { humanFields, makeRegistrant, registrationFormFields } from "../support/register-helper";
import { registrationBurst } from "../support/registration-burst";
import { readSiteRecords } from "../support/site-records";
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from "../support/smtp-capture";

// Several instances on one PostgreSQL: two servers, each a cluster of two processes
// (WEB_CONCURRENCY=2), so four processes with four outbox workers and four schedulers,
// as a load balancer in front of two machines would run them. A rush against both ports
// must fill the seats exactly; each e-mail leaves once; a session and a sign-in lockout
// hold on every server; the waitlist's minute sweep (a scheduled job) acts once. The
// reminders, pressed on both servers and sent by the scheduler, are proven once by
// admin-operations.spec.ts ("reminders, two server processes on one PostgreSQL…").

const SEATS = 30;
const RUSH = 80;
const SWEEP_SECONDS = 2;

const outboxId = (mail: CapturedMail) => String(mail.parsed.headers.get("x-outbox-id") ?? "");

test.describe("two servers of two processes each on one PostgreSQL", () => {
  test.describe.configure({ mode: "serial" });
  let site: PrivateSite;
  let smtp: SmtpCapture;
  let db: pg.Client;
  const contexts: APIRequestContext[] = [];
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await db.query<T>(text, values)).rows;
  /** Waits until the outbox has nothing left to send, then a little longer for a copy that should not come. */
  const drainOutbox = async () => {
    await expect
      .poll(async () => (await query<{ n: number }>("select count(*)::int as n from mail_outbox where status <> 'sent'"))[0]?.n, {
        timeout: 60_000,
      })
      .toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  };
  /** One delivery per outbox row, under that row's Message-ID, to its address; returns the deliveries by kind. */
  const expectEachMailOnce = async () => {
    const records = await readSiteRecords(site);
    const deliveries = smtp.messages;
    expect(deliveries.map(outboxId).sort()).toEqual(records.outbox.map((m) => m.id).sort());
    for (const mail of deliveries) {
      const row = records.outbox.find((m) => m.id === outboxId(mail));
      expect(mail.parsed.messageId).toBe(row?.message_id);
      expect(mail.envelopeTo).toEqual([row?.to_address]);
    }
    expect(new Set(deliveries.map((m) => m.parsed.messageId)).size).toBe(deliveries.length);
    expect(records.outbox.filter((m) => m.status !== "sent" || m.attempts !== 1)).toEqual([]);
    return { records, count: (kind: string) => records.outbox.filter((m) => m.kind === kind).length };
  };
  const clientOf = async (baseURL: string) => {
    const context = await playwrightRequest.newContext({ baseURL });
    contexts.push(context);
    return context;
  };

  test.beforeAll(async () => {
    test.skip(test.info().project.name !== "desktop", "a PostgreSQL site of its own: once");
    test.setTimeout(180_000);
    smtp = await startSmtpCapture();
    site = await startPrivateSite({
      postgres: true,
      servers: 2,
      processes: 2,
      smtpUrl: smtp.url,
      env: { SCHEDULE_CHECK_SECONDS: String(SWEEP_SECONDS) },
    });
    db = new pg.Client({ connectionString: site.databaseUrl });
    await db.connect();
    // A small hall: the organisers' capacity, as Event Settings stores it.
    await query("update event_settings set max_attendees = $1", [SEATS]);
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.dispose();
    await db?.end();
    await site?.stop();
    await smtp?.stop();
  });
  test("a rush against both servers fills the seats exactly and each ticket is mailed once", async () => {
    test.setTimeout(120_000);
    const started = performance.now();
    const posts = await registrationBurst({ urls: site.urls, total: RUSH, concurrency: 40 });
    const rushMs = performance.now() - started;
    const registered = posts.filter((p) => p.outcome === "registered");
    expect(posts.filter((p) => p.outcome !== "registered" && p.outcome !== "full")).toEqual([]);
    expect(registered).toHaveLength(SEATS);
    expect(posts.filter((p) => p.outcome === "full")).toHaveLength(RUSH - SEATS);
    for (const url of site.urls) expect(registered.filter((p) => p.url === url).length, url).toBeGreaterThan(0);

    const [event] = await query<{ registered_count: number }>("select registered_count from event_settings");
    expect(event?.registered_count).toBe(SEATS);
    await drainOutbox();
    const { records, count } = await expectEachMailOnce();
    expect(records.attendees.map((a) => a.email).sort()).toEqual(registered.map((p) => p.email).sort());
    expect(count("ticket")).toBe(SEATS);
    process.stdout.write(
      `[several-instances] rush ${JSON.stringify({ posts: RUSH, registered: registered.length, resentAfter503: posts.reduce((n, p) => n + (p.tries ?? 1) - 1, 0), rushMs: Math.round(rushMs) })}\n`,
    );
  });

  test("the waitlist's sweep runs once: free seats offered once, a lapsed offer passed on once", async () => {
    test.setTimeout(90_000);
    const people = [0, 1, 2, 3].map(() => makeRegistrant({ fullName: "Waiting Person" }));
    for (const [i, person] of people.entries()) {
      const client = await clientOf(site.urls[i % 2] ?? "");
      const form = { ...registrationFormFields(person, (await humanFields(client)).formStamp), intent: "waitlist" };
      const response = await client.post("/register", { form, maxRedirects: 0 });
      expect(await response.text()).toContain(`on the waitlist: number ${i + 1} in line`);
    }
    const statuses = async () =>
      (await query<{ status: string }>("select status from waitlist order by seq")).map((row) => row.status).join(",");

    // Two seats more, without a request to hand them out: the next sweep, on whichever of
    // the four processes comes first, offers them; the others find nothing to do.
    await query("update event_settings set max_attendees = $1", [SEATS + 2]);
    await expect.poll(statuses, { timeout: 30_000 }).toBe("offered,offered,waiting,waiting");
    await new Promise((resolve) => setTimeout(resolve, 3 * SWEEP_SECONDS * 1000));
    expect(await statuses()).toBe("offered,offered,waiting,waiting");

    // The first offer's time runs out (moved into the past, as the hours would): the sweep
    // expires it and offers that seat to the next in line, once.
    await query("update waitlist set offer_expires_at = now() - interval '1 second' where seq = (select min(seq) from waitlist)");
    await expect.poll(statuses, { timeout: 30_000 }).toBe("expired,offered,offered,waiting");
    await new Promise((resolve) => setTimeout(resolve, 3 * SWEEP_SECONDS * 1000));
    expect(await statuses()).toBe("expired,offered,offered,waiting");

    await drainOutbox();
    const { count } = await expectEachMailOnce();
    expect(count("waitlist-joined")).toBe(4);
    expect(count("waitlist-offer")).toBe(3);
    const offerAudits = await query("select 1 from audit_log where action = 'waitlist.offer'");
    expect(offerAudits).toHaveLength(3);
  });

  test("a session started on one server works on the other, and signing out on one ends it on both", async () => {
    const [first, second] = site.urls as [string, string];
    const cookie = await signInRequest(await clientOf(first), first);
    const admin = async (url: string) => (await fetch(`${url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" })).status;
    expect(await admin(first)).toBe(200);
    expect(await admin(second)).toBe(200);

    const out = await fetch(`${second}/admin/logout`, { method: "POST", headers: { Cookie: cookie, Origin: second }, redirect: "manual" });
    expect(out.status).toBe(302);
    expect(await admin(second)).toBe(302);
    expect(await admin(first)).toBe(302);
  });

  test("failed sign-ins on both servers add up to one throttle, shown by both", async () => {
    const { email } = e2eAdmin();
    const signIn = (url: string, secret: string) =>
      fetch(`${url}/admin/login`, {
        method: "POST",
        headers: { Origin: url },
        body: new URLSearchParams({ email, password: secret, redirectTo: "/admin" }),
        redirect: "manual",
      });
    // Five wrong passwords, taking turns: each server counts the other's.
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(site.urls[attempt % 2] ?? "", `wrong-${attempt}`)).status).toBe(401);
    // Then this network waits 1 s, 2 s, 4 s… between tries, on both servers alike: quick tries
    // taking turns meet a refusal from each within a few attempts.
    const refusedBy = new Set<string>();
    let accepted = 0;
    for (let attempt = 0; attempt < 30 && refusedBy.size < 2; attempt++) {
      const url = site.urls[attempt % 2] ?? "";
      const answer = await signIn(url, `wrong-again-${attempt}`);
      if (answer.status === 429) {
        refusedBy.add(url);
        expect(await answer.text()).toContain("Too many sign-in attempts");
      } else accepted++;
    }
    expect([...refusedBy].sort()).toEqual([...site.urls].sort());
    expect(accepted).toBeLessThanOrEqual(4);
  });
});
