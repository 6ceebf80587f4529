import { and, asc, desc, eq, gt, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { normalizeEmail } from "~/db/email";
import { messagesToPerson, type PersonKey } from "~/db/person-key";
import { channel_pauses, type MailAttachment, mail_outbox } from "~/db/schema";
import { QUIET_SMS_KINDS } from "~/modules/sms/quiet-hours";
import { wakeAfterCommit } from "./outbox-wake.server";

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** what the message is, e.g. "ticket", "ticket-resend", "reminder" */
  kind: string;
  attendeeId?: string | null;
};

/** A message the worker renders just before sending (see MailRenderer); queued by queueMessage (message-registry.server.ts). */
type TemplatedMail = {
  to: string;
  subject: string;
  template: string;
  templateData: Record<string, unknown>;
  kind: string;
  attendeeId?: string | null;
};

/**
 * What a template renders to. `headers`: header lines of the message itself, made as it is sent
 * and never stored (an invitation's List-Unsubscribe, whose signed link is made then too).
 */
export type RenderedMail = Pick<OutgoingMail, "subject" | "html" | "text" | "attachments"> & { headers?: Record<string, string> };

/** Renders a templated message: content for the row, from its template name and data. */
export type MailRenderer = (
  mail: Pick<OutboxMessage, "channel" | "template" | "template_data" | "attendee_id" | "subject">,
) => Promise<RenderedMail>;

/**
 * The mails anyone can make the site send to an address by filling in a public form with it:
 * the ticket (registering, or claiming a waitlist offer), "Lost your ticket?", a cancellation
 * (from the ticket page), joining the waitlist, and the confirmation of a registration held
 * during a booking attack (the one a script triggers most cheaply: twelve reached one inbox in
 * 17 s before it was counted). Together they are limited per address per day, so nobody can use
 * the summit's mailbox to flood someone else's. A new public mail's kind belongs here.
 */
const PUBLIC_MAIL_KINDS = [
  "ticket",
  "ticket-self-resend",
  "cancellation",
  "waitlist-joined",
  "held-confirmation",
  "details-corrected",
] as const;
/**
 * Public mails one address receives in 24 hours, at most. A person's busiest real day: the
 * ticket, a re-send or two, a cancellation and registering again. An organiser's mails
 * (re-sends, reminders, offers) are not counted and always go.
 */
export const PUBLIC_MAILS_PER_ADDRESS_PER_DAY = 5;

/** What the organisers' mail list says of a public mail held back by the ceiling. */
export const OVER_CEILING_ERROR = `Not sent: this address already had ${PUBLIC_MAILS_PER_ADDRESS_PER_DAY} e-mails from the public forms in the last 24 hours. Resend it if the person asks for it.`;

const isPublicKind = (kind: string) => (PUBLIC_MAIL_KINDS as readonly string[]).includes(kind);

/**
 * Whether one more public mail may go to `address` today, counted in the outbox (its index on
 * (to_address, kind, created_at)). Call it in the transaction that queues the mail: the lock
 * on the address makes concurrent requests for it (any form, any instance) count one at a time.
 */
export async function publicMailAllowed(tx: DbOrTx, address: string): Promise<boolean> {
  const to = normalizeEmail(address);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-to:${to}`}))`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(mail_outbox)
    .where(
      and(
        eq(mail_outbox.to_address, to),
        inArray(mail_outbox.kind, [...PUBLIC_MAIL_KINDS]),
        gt(mail_outbox.created_at, sql`now() - interval '24 hours'`),
      ),
    );
  return (row?.count ?? 0) < PUBLIC_MAILS_PER_ADDRESS_PER_DAY;
}

/**
 * Queues a message. Call it with the transaction that makes the change causing
 * the mail: the message then exists exactly when that change committed. A
 * templated message is rendered by the worker, which keeps costly rendering
 * (QR codes, calendar files) out of the request. A public mail (PUBLIC_MAIL_KINDS) over its
 * address's daily ceiling is stored but not sent: `failed` with the reason, for an organiser to
 * resend by hand if a real person needs it. The change itself stands and the form answers as
 * usual, so the answer says nothing about the address. The worker is woken once the caller's
 * transaction commits (wakeAfterCommit). A templated mail comes through queueMessage, which
 * checks its data first.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail | TemplatedMail): Promise<string> {
  const overCeiling = isPublicKind(mail.kind) && !(await publicMailAllowed(tx, mail.to));
  const content =
    "template" in mail
      ? { html: "", text: "", attachments: [], template: mail.template, template_data: mail.templateData }
      : { html: mail.html, text: mail.text, attachments: mail.attachments ?? [] };
  const [row] = await tx
    .insert(mail_outbox)
    .values({
      to_address: isPublicKind(mail.kind) ? normalizeEmail(mail.to) : mail.to,
      subject: mail.subject,
      ...content,
      kind: mail.kind,
      attendee_id: mail.attendeeId ?? null,
      ...(overCeiling ? { status: "failed" as const, last_error: OVER_CEILING_ERROR } : {}),
    })
    .returning({ id: mail_outbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  wakeAfterCommit(tx);
  return row.id;
}

/** Pending and failed counts, for /healthz and the admin. */
export async function outboxCounts(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mail_outbox.status, count: sql<number>`count(*)::int` })
    .from(mail_outbox)
    .where(inArray(mail_outbox.status, ["pending", "sending", "failed"]))
    .groupBy(mail_outbox.status);
  const count = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
  return { pending: count("pending") + count("sending"), failed: count("failed") };
}

/** After this many failed attempts a message is marked `failed` and waits for an organiser to resend it. */
export const MAX_MAIL_ATTEMPTS = 8;
/**
 * How long a claimed message is reserved for its worker; after that, another worker takes it
 * over (the first one died). A round still sending renews its claims every third of it
 * (renewClaims), so the lease only has to outlast a dead worker's silence: a minute, then the
 * tickets of a crashed instance go out from another.
 */
export const DEFAULT_MAIL_LEASE_MS = 60_000;

const BACKOFF_BASE_MS = 60_000;
const BACKOFF_CAP_MS = 60 * 60_000;

export type OutboxMessage = typeof mail_outbox.$inferSelect;
/** What a worker holds after claiming: `attempts` is the fencing token, so a worker whose lease ran out cannot overwrite the next claim. */
export type MailClaim = Pick<OutboxMessage, "id" | "attempts">;

/**
 * Delay before the next try after `attempts` failed ones: 1, 2, 4 … minutes, capped at an hour.
 * ±20% jitter keeps messages that failed together (an SMTP outage) from all retrying in the same second.
 */
export function retryBackoffMs(attempts: number, random: () => number = Math.random): number {
  const exponential = BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1);
  const jittered = exponential * (0.8 + 0.4 * random());
  return Math.round(Math.min(jittered, BACKOFF_CAP_MS));
}

// Times come from the database clock, so instances with skewed clocks agree on what is due.
const nowPlus = (ms: number) => sql`now() + ${ms}::double precision * interval '1 millisecond'`;

/**
 * Reserves up to `limit` due messages for this worker and returns them.
 * FOR UPDATE SKIP LOCKED makes concurrent workers (other server instances) take
 * disjoint rows instead of waiting for, or sending, each other's.
 */
export async function claimDueMail(db: Db, options: { limit: number; leaseMs?: number }): Promise<OutboxMessage[]> {
  const leaseMs = options.leaseMs ?? DEFAULT_MAIL_LEASE_MS;
  return db.transaction(async (tx) => {
    const sendable = and(
      // A paused channel's messages wait (an SMS account out of credit: channel-pauses.server.ts).
      sql`${mail_outbox.channel} not in (select ${channel_pauses.channel} from ${channel_pauses})`,
      // A reminder by SMS or WhatsApp never goes between 20:00 and 08:00 Lagos (UTC+1 all year),
      // even when a retry or a resumed channel brings it due at night (sms/quiet-hours.ts).
      sql`not (${mail_outbox.channel} in ('sms', 'whatsapp') and ${inArray(mail_outbox.kind, [...QUIET_SMS_KINDS])}
               and extract(hour from (now() at time zone 'UTC') + interval '1 hour') not between 8 and 19)`,
    );
    // Two statements, each an index scan on (status, next_attempt_at) that stops at `limit`: one
    // condition with OR between them made PostgreSQL read and sort every queued row for each
    // round (40 ms a claim with 20,000 queued reminders, more than sending them).
    const pick = (status: "sending" | "pending", limit: number) =>
      tx
        .select({ id: mail_outbox.id })
        .from(mail_outbox)
        .where(
          and(
            eq(mail_outbox.status, status),
            // A dead worker's claims, once their lease ran out; due messages.
            status === "sending" ? lt(mail_outbox.locked_until, sql`now()`) : lte(mail_outbox.next_attempt_at, sql`now()`),
            sendable,
          ),
        )
        .orderBy(asc(mail_outbox.next_attempt_at))
        .limit(limit)
        .for("update", { skipLocked: true });
    const abandoned = await pick("sending", options.limit);
    const due = abandoned.length < options.limit ? [...abandoned, ...(await pick("pending", options.limit - abandoned.length))] : abandoned;
    if (due.length === 0) return [];
    const rows = await tx
      .update(mail_outbox)
      .set({
        status: "sending",
        attempts: sql`${mail_outbox.attempts} + 1`,
        locked_until: nowPlus(leaseMs),
        updated_at: sql`now()`,
      })
      .where(
        inArray(
          mail_outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return rows.sort((a, b) => a.next_attempt_at.getTime() - b.next_attempt_at.getTime());
  });
}

/**
 * Puts every claimed message back in the queue, due now; returns how many. Only for the
 * database's one worker (the embedded database, which this process has locked): a claim it
 * finds when it starts was left by a process that died in the middle of a round (kill -9,
 * out of memory, power cut), and waiting out its lease would hold those tickets back for
 * a minute. Whether such a message reached the SMTP server is unknown, so it goes again,
 * under its own Message-ID (transport.server.ts), for the receiving side to recognise.
 * Several instances on PostgreSQL cannot tell a dead worker's claim from a live one's:
 * there the lease runs out (DEFAULT_MAIL_LEASE_MS).
 */
export async function releaseAllClaims(db: Db): Promise<number> {
  const rows = await db
    .update(mail_outbox)
    .set({ status: "pending", locked_until: null, next_attempt_at: sql`now()`, updated_at: sql`now()` })
    .where(eq(mail_outbox.status, "sending"))
    .returning({ id: mail_outbox.id });
  return rows.length;
}

/** Extends the lease of the claims still held (not yet sent or failed); a lost claim stays lost. */
export async function renewClaims(db: DbOrTx, claims: readonly MailClaim[], leaseMs: number): Promise<void> {
  if (claims.length === 0) return;
  const held = claims.map((claim) => sql`(${claim.id}::uuid, ${claim.attempts}::int)`);
  await db.execute(sql`
    update ${mail_outbox} set locked_until = ${nowPlus(leaseMs)}
    where status = 'sending' and (id, attempts) in (${sql.join(held, sql`, `)})`);
}

const heldBy = (claim: MailClaim) =>
  and(eq(mail_outbox.id, claim.id), eq(mail_outbox.status, "sending"), eq(mail_outbox.attempts, claim.attempts));

export type Delivery = { claim: MailClaim; messageId: string; subject?: string; segments?: number };

/**
 * Records deliveries in one statement (a worker's round), each with the subject a
 * templated message went out with (what the attendee's mail list shows). The body is
 * not stored: the template and its data make it again, and ten thousand reminders would
 * otherwise write ten thousand copies of one e-mail. Returns the ids recorded; a message
 * missing from it had lost its claim (the lease ran out and another worker took it).
 */
export async function markSentMany(db: DbOrTx, deliveries: readonly Delivery[]): Promise<Set<string>> {
  if (deliveries.length === 0) return new Set();
  const values = deliveries.map(
    (d) =>
      sql`(${d.claim.id}::uuid, ${d.claim.attempts}::int, ${d.messageId}::text, ${d.subject ?? null}::text, ${d.segments ?? null}::int)`,
  );
  const result = (await db.execute(sql`
    update ${mail_outbox} m
    set status = 'sent', sent_at = now(), message_id = v.message_id, subject = coalesce(v.subject, m.subject),
        segments = coalesce(v.segments, m.segments), locked_until = null, updated_at = now()
    from (values ${sql.join(values, sql`, `)}) as v(id, attempts, message_id, subject, segments)
    where m.id = v.id and m.status = 'sending' and m.attempts = v.attempts
    returning m.id as id`)) as unknown as { rows: { id: string }[] };
  return new Set(result.rows.map((row) => row.id));
}

/** One delivery: false when the claim was lost. */
export async function markSent(db: DbOrTx, claim: MailClaim, messageId: string, subject?: string): Promise<boolean> {
  return (await markSentMany(db, [{ claim, messageId, subject }])).has(claim.id);
}

/**
 * Records a failed try: back to `pending` after a backoff, or `failed` once `maxAttempts` is reached.
 * Returns the new status, or null when the claim was lost.
 */
export async function markFailedAttempt(
  db: DbOrTx,
  claim: MailClaim,
  error: unknown,
  options: { maxAttempts?: number; backoffMs?: (attempts: number) => number } = {},
): Promise<"pending" | "failed" | null> {
  const maxAttempts = options.maxAttempts ?? MAX_MAIL_ATTEMPTS;
  const status = claim.attempts >= maxAttempts ? "failed" : "pending";
  const rows = await db
    .update(mail_outbox)
    .set({
      status,
      last_error: errorText(error),
      locked_until: null,
      updated_at: sql`now()`,
      ...(status === "pending" ? { next_attempt_at: nowPlus((options.backoffMs ?? retryBackoffMs)(claim.attempts)) } : {}),
    })
    .where(heldBy(claim))
    .returning({ id: mail_outbox.id });
  return rows.length > 0 ? status : null;
}

/**
 * Gives a claimed message back untried (its attempt not counted), due now: its channel was
 * paused in the meantime, and it goes when the channel is resumed.
 */
export async function returnUntried(db: DbOrTx, claim: MailClaim, reason: string): Promise<void> {
  await db
    .update(mail_outbox)
    .set({
      status: "pending",
      attempts: sql`greatest(${mail_outbox.attempts} - 1, 0)`,
      last_error: reason,
      locked_until: null,
      next_attempt_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where(heldBy(claim));
}

/** One line for the admin panel: the SMTP reply or connection error, without a stack. */
export function errorText(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown } | null;
  const message = typeof e?.message === "string" ? e.message : String(error);
  const code = typeof e?.code === "string" && !message.includes(e.code) ? `${e.code}: ` : "";
  return `${code}${message}`.replace(/\s+/g, " ").trim().slice(0, 500);
}

/**
 * Puts a failed (or already sent) message back in the queue, due now, with a fresh
 * set of attempts: an organiser's "resend". False when the message is not failed or sent.
 */

export async function requeueMail(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(mail_outbox)
    .set({ status: "pending", attempts: 0, next_attempt_at: sql`now()`, locked_until: null, updated_at: sql`now()` })
    .where(and(eq(mail_outbox.id, id), inArray(mail_outbox.status, ["failed", "sent"])))
    .returning({ id: mail_outbox.id });
  if (rows.length > 0) wakeAfterCommit(db);
  return rows.length > 0;
}

export type AttendeeMail = Pick<
  OutboxMessage,
  | "id"
  | "kind"
  | "channel"
  | "subject"
  | "to_address"
  | "status"
  | "attempts"
  | "last_error"
  | "next_attempt_at"
  | "created_at"
  | "sent_at"
  | "delivered_at"
  | "read_at"
>;

/**
 * Every message queued for a registration, newest first, with its delivery state (the admin's
 * details panel): by its id, and by its address or number, which also finds what was
 * sent before it existed or after it was cancelled (waitlist, cancellation), when no row
 * carries the id.
 */
export async function mailForAttendee(db: DbOrTx, attendeeId: string, person: PersonKey): Promise<AttendeeMail[]> {
  return db
    .select({
      id: mail_outbox.id,
      kind: mail_outbox.kind,
      channel: mail_outbox.channel,
      subject: mail_outbox.subject,
      to_address: mail_outbox.to_address,
      status: mail_outbox.status,
      attempts: mail_outbox.attempts,
      last_error: mail_outbox.last_error,
      next_attempt_at: mail_outbox.next_attempt_at,
      created_at: mail_outbox.created_at,
      sent_at: mail_outbox.sent_at,
      delivered_at: mail_outbox.delivered_at,
      read_at: mail_outbox.read_at,
    })
    .from(mail_outbox)
    .where(or(eq(mail_outbox.attendee_id, attendeeId), messagesToPerson(person)))
    .orderBy(desc(mail_outbox.created_at), desc(mail_outbox.id));
}
