import type { Db } from "~/db/client.server";
import { smsSegments } from "~/modules/sms/gsm7";
import { PermanentSmsError, SmsAccountError, type SmsTransport } from "~/modules/sms/transport.server";
import { PermanentWhatsAppError, WhatsAppAccountError } from "~/modules/whatsapp/graph-transport.server";
import type { WhatsAppPayload } from "~/modules/whatsapp/payload";
import { pauseChannel } from "./channel-pauses.server";
import { deliveryRecorder } from "./delivery-recorder.server";
import {
  claimDueMail,
  DEFAULT_MAIL_LEASE_MS,
  errorText,
  MAX_MAIL_ATTEMPTS,
  type MailRenderer,
  markFailedAttempt,
  type OutboxMessage,
  releaseAllClaims,
  renewClaims,
  retryBackoffMs,
  returnUntried,
} from "./outbox.server";
import { adoptOutboxWorker } from "./outbox-wake.server";
import { waitForQuietLoop } from "./quiet-loop.server";
import { type MailLog, type MailTransport, PermanentMailError } from "./transport.server";
import { fallBackToSms } from "./whatsapp-outbox.server";

/** What the worker needs of the WhatsApp transport (whatsapp/graph-transport.server.ts). */
type WhatsAppSender = { send: (message: { id: string; to: string; payload: WhatsAppPayload }) => Promise<{ providerId: string }> };

export type DeliveryOptions = {
  db: Db;
  transport: MailTransport;
  /** Where SMS rows go; without it they wait (and say why). */
  sms?: SmsTransport;
  /** Where WhatsApp rows go; without it (WhatsApp not configured) they fail, and their SMS stand-in goes. */
  whatsapp?: WhatsAppSender;
  log: MailLog;
  /** messages claimed (and sent concurrently) per round */
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
  backoffMs?: (attempts: number) => number;
  /** Renders templated messages (rows with a template and no content yet). */
  render?: MailRenderer;
};

export type DeliveryResult = { claimed: number; sent: number; retrying: number; failed: number };

// Large enough that the pause for requests between rounds (one look at the event loop,
// 25 ms) is a small part of a round; each message's render still yields between its awaits.
// A round ends when its last message has gone, and meanwhile the drawing thread and the SMTP
// connections run out of work: the larger the round, the smaller that share. 10,000 certificates
// took 51.6 s in rounds of 25, 45.6 s in rounds of 50 and 41.1 s in rounds of 100 (bench:certificates,
// 29 Nov), the server's memory a little higher (peak 848, 948, 992 MiB) and /register as quick.
const DEFAULT_BATCH_SIZE = 100;
// While requests keep the event loop busy (a registration rush) and the mail is on time, a round
// is this many: its rendering (~3 ms of CPU a ticket) then takes some 15 ms of the loop rather than 80.
const BUSY_BATCH_SIZE = 5;
/**
 * How late a message may fall (from when it was due) while the worker gives way to requests.
 * Giving way without a bound held a rush's tickets back for the whole rush: at 50 registrations
 * a second the loop never looked quiet, so people waited 10–15 s for a ticket that took the
 * worker milliseconds. Past this the worker sends without waiting, until it has caught up.
 */
export const GIVE_WAY_AT_MOST_MS = 1_000;
const MAX_IDLE_AFTER_ERRORS_MS = 30_000;

/**
 * One round: claims the due messages and sends them. A send error is recorded on
 * the message (retry or failed); only a failure to claim (database down) throws.
 */
export async function deliverDueMail(options: DeliveryOptions): Promise<DeliveryResult> {
  const { lateMs: _, ...result } = await deliverRound(options);
  return result;
}

/** A round, and how late its oldest message was when claimed (0 for an empty round). */
async function deliverRound(options: DeliveryOptions): Promise<DeliveryResult & { lateMs: number }> {
  const { db, transport, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_MAIL_LEASE_MS;
  const claimed = await claimDueMail(db, { limit: options.batchSize ?? DEFAULT_BATCH_SIZE, leaseMs });
  // The claim takes the oldest due first, so this is how far behind the whole queue is. Measured
  // against this process's clock: a skewed database clock only shifts when the worker stops giving way.
  const lateMs = claimed.length === 0 ? 0 : Math.max(0, Date.now() - Math.min(...claimed.map((m) => m.next_attempt_at.getTime())));
  const result: DeliveryResult = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  const recorder = deliveryRecorder(db, log, result);

  const deliver = async (mail: OutboxMessage) => {
    // Ids only: the address and the subject are a person's (docs/PRIVACY.md, what the logs keep).
    const about = { mailId: mail.id, kind: mail.kind, attempt: mail.attempts };
    let messageId: string;
    let segments: number | undefined;
    // A templated message is rendered for each try, from the data as it is then.
    let rendered: Awaited<ReturnType<MailRenderer>> | undefined;
    try {
      if (mail.template && !mail.html) {
        if (!options.render) throw new Error(`no renderer for mail template "${mail.template}"`);
        rendered = await options.render(mail);
        Object.assign(mail, {
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          attachments: rendered.attachments ?? [],
        });
      }
      if (mail.channel === "whatsapp") {
        if (!options.whatsapp) throw new PermanentWhatsAppError("WhatsApp is not configured on this server", { fallbackToSms: true });
        // The transport checks the stored body against the schema: a bad one fails once, and its SMS goes.
        const payload = JSON.parse(mail.text) as WhatsAppPayload;
        ({ providerId: messageId } = await options.whatsapp.send({ id: mail.id, to: mail.to_address, payload }));
      } else if (mail.channel === "sms") {
        if (!options.sms) throw new Error("no SMS transport in this process");
        // The text as the phone receives it (GSM-7), and what the gateway bills for it.
        segments = smsSegments(mail.text);
        ({ providerId: messageId } = await options.sms.send({ id: mail.id, to: mail.to_address, text: mail.text }));
      } else {
        ({ messageId } = await transport.send({
          id: mail.id,
          to: mail.to_address,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          attachments: mail.attachments,
          headers: rendered?.headers,
        }));
      }
    } catch (error) {
      if (error instanceof PermanentWhatsAppError && error.fallbackToSms) {
        // Not on WhatsApp, or a template Meta refused: the SMS stand-in goes instead (when SMS is on).
        try {
          await db.transaction((tx) => fallBackToSms(tx, mail, errorText(error)));
          result.failed++;
          log.warn({ ...about, code: error.code }, "WhatsApp could not deliver it; its SMS stand-in goes instead");
        } catch (dbError) {
          log.error({ ...about, err: dbError }, "could not record a WhatsApp failure");
        }
        return;
      }
      if (error instanceof WhatsAppAccountError) {
        try {
          await pauseChannel(db, "whatsapp", errorText(error));
          await returnUntried(db, mail, errorText(error));
          result.retrying++;
          log.error({ ...about, err: error }, "WhatsApp paused: Meta refused the account");
        } catch (dbError) {
          log.error({ ...about, err: dbError }, "could not pause the WhatsApp channel");
        }
        return;
      }
      if (error instanceof SmsAccountError) {
        // The account itself is refused (its balance spent, a wrong key, a sender ID not
        // approved): every SMS would fail the same way, so the channel waits for an organiser.
        try {
          await pauseChannel(db, "sms", errorText(error));
          await returnUntried(db, mail, errorText(error));
          result.retrying++;
          log.error({ ...about, err: error }, "SMS paused: the gateway refused the account");
        } catch (dbError) {
          log.error({ ...about, err: dbError }, "could not pause the SMS channel");
        }
        return;
      }
      try {
        const status = await markFailedAttempt(db, mail, error, {
          // A message that can never go (transport.server.ts) fails at once instead of trying eight times.
          maxAttempts:
            error instanceof PermanentMailError || error instanceof PermanentSmsError || error instanceof PermanentWhatsAppError
              ? 0
              : (options.maxAttempts ?? MAX_MAIL_ATTEMPTS),
          backoffMs: options.backoffMs ?? retryBackoffMs,
        });
        if (status === "failed") {
          result.failed++;
          log.error({ ...about, err: error }, "mail failed for good; an organiser can resend it");
        } else {
          result.retrying++;
          log.warn({ ...about, err: error }, "mail not sent; will retry");
        }
      } catch (dbError) {
        // The lease runs out and the message is tried again.
        log.error({ ...about, err: dbError, sendError: String(error) }, "could not record a failed mail attempt");
      }
      return;
    }
    recorder.add({ claim: mail, messageId, subject: rendered?.subject, segments, about });
  };
  // A slow round (an SMTP server taking its time) keeps its claims while it is alive.
  const renewal = setInterval(() => {
    renewClaims(db, claimed, leaseMs).catch((error) => log.error({ err: error }, "mail outbox: could not renew the claims of a round"));
  }, leaseMs / 3);
  try {
    // All at once: the ticket renderer reads a round's attendees in one query (ticket-mail.server.ts).
    await Promise.all(claimed.map(deliver));
    await recorder.settled();
  } finally {
    clearInterval(renewal);
  }
  return { ...result, lateMs };
}

export type OutboxWorker = {
  /** Stops polling and waits for the sends in flight. */
  stop: () => Promise<void>;
  /** Looks for due mail now instead of at the next poll. */
  kick: () => void;
};

/**
 * Delivers the outbox in the background until stopped. Never throws: errors are logged and
 * retried. `quietWhen`: true for a failed round that another part has already reported (the
 * database out of reach, which its tracker logs once), so it is not logged again at every try.
 * `soleWorker`: no other process can be sending from this database (the embedded one), so the
 * claims of a process that died are taken back at once (releaseAllClaims). `ownThread`: the
 * worker has a thread to itself (outbox-thread.server.ts), so there are no requests to give way to
 * and it does not look at its event loop between rounds.
 */
export function startOutboxWorker(
  options: DeliveryOptions & { pollMs?: number; quietWhen?: (error: unknown) => boolean; soleWorker?: boolean; ownThread?: boolean },
): OutboxWorker {
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let stopped = false;
  // Set by kick(): a wake-up that arrives mid-round must not be lost to the next sleep.
  let kicked = false;
  let wake: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (kicked || stopped) return resolve();
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      wake = done;
    });

  const loop = (async () => {
    let errors = 0;
    if (options.soleWorker) {
      try {
        const released = await releaseAllClaims(options.db);
        if (released > 0) options.log.warn({ released }, "mail outbox: sending again what a stopped process had claimed");
      } catch (error) {
        // Their lease runs out instead.
        options.log.error({ err: error }, "mail outbox: could not release the claims left by a stopped process");
      }
    }
    // The next round's size: the whole batch while the event loop has room or the mail is late,
    // a few while requests keep the loop busy and the mail is on time.
    let size = batchSize;
    while (!stopped) {
      kicked = false;
      let idleMs = pollMs;
      try {
        const { claimed, lateMs } = await deliverRound({ ...options, batchSize: size });
        errors = 0;
        // A full batch means more may be due: go on without waiting.
        if (claimed === size) idleMs = 0;
        // After a round of sending, requests waiting for the event loop go first, for as long as
        // the mail can spare; once it is late it goes at once, a whole batch at a time.
        const spare = GIVE_WAY_AT_MOST_MS - lateMs;
        if (claimed > 0 && !stopped && !options.ownThread) {
          size = spare > 0 && (await waitForQuietLoop({ maxWaitMs: spare })).busy ? Math.min(batchSize, BUSY_BATCH_SIZE) : batchSize;
        }
      } catch (error) {
        errors++;
        // Database unreachable: back off so the log is not flooded every second.
        idleMs = Math.min(pollMs * 2 ** errors, MAX_IDLE_AFTER_ERRORS_MS);
        if (!options.quietWhen?.(error)) options.log.error({ err: error }, "mail outbox: could not claim due messages");
      }
      if (idleMs > 0) await sleep(idleMs);
    }
  })();

  const worker: OutboxWorker = {
    kick: () => {
      kicked = true;
      wake?.();
    },
    stop: async () => {
      stopped = true;
      release();
      wake?.();
      await loop;
    },
  };
  const release = adoptOutboxWorker(worker);
  return worker;
}
