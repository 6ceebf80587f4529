import { readlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getConfig } from "~/config.server";
import { type DbConnection, openDbConnection } from "~/db/client.server";
import { logger } from "~/logger.server";
import { heldMessages } from "~/modules/booking-protection/held-messages.server";
import { certificateMessages } from "~/modules/certificates/certificate-messages.server";
import { drawCertificatesInThread, stopCertificateThread } from "~/modules/certificates/pdf-thread.server";
import { chatMessages } from "~/modules/chat/chat-messages.server";
import { invitationMessages } from "~/modules/invitations/invitation-messages.server";
import { messageRegistry } from "~/modules/mail/message-registry.server";
import { serveOutboxThread } from "~/modules/mail/outbox-thread.server";
import { notifyOutbox } from "~/modules/mail/outbox-wake.server";
import { type OutboxWorker, startOutboxWorker } from "~/modules/mail/outbox-worker.server";
import { createMailTransport, mailboxDir } from "~/modules/mail/transport.server";
import { registrationMessages } from "~/modules/registration/privacy-sms.server";
import { createSmsTransport } from "~/modules/sms/transport.server";
import { operationsMessages } from "~/modules/stats/test-sms.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { ticketMessages } from "~/modules/tickets/ticket-messages.server";
import { waitlistMessages } from "~/modules/waitlist/waitlist-messages.server";
import { createWhatsAppTransport } from "~/modules/whatsapp/graph-transport.server";

// The mail outbox's worker, wherever it runs: in the server's own event loop with the embedded
// database, in a thread of its own with PostgreSQL (app/modules/mail/outbox-thread.server.ts).

/** The thread's entry beside server/start.js: it loads the same server bundle and calls runOutboxThread. */
export const OUTBOX_THREAD_ENTRY = path.resolve("server/outbox-thread.js");
/** The certificates' drawing thread, likewise (serveCertificateThread). */
const CERTIFICATE_THREAD_ENTRY = path.resolve("server/certificate-thread.js");

/** Connections the thread's worker needs: a claim, a round's renders (one query each, batched) and its record. */
const THREAD_POOL_SIZE = 4;

type Log = ReturnType<typeof logger>;

/**
 * Every message the site sends, each domain's e-mail, SMS and WhatsApp together: the worker renders a row
 * by its `template` (the message's name) and channel, from the data as it is when it is sent.
 * Here because this file sits above every domain; the outbox below them is handed the list.
 */
export const MESSAGES = messageRegistry([
  ...ticketMessages,
  ...waitlistMessages,
  ...heldMessages,
  ...registrationMessages,
  ...invitationMessages,
  ...certificateMessages,
  ...operationsMessages,
  ...chatMessages,
]);

/**
 * Starts the outbox worker in this thread, with its transports; stopping it closes them.
 * `ownThread`: this is the outbox's own thread (runOutboxThread), not the one answering requests.
 */
export function startOutboxHere(
  { db, kind, availability }: Pick<DbConnection, "db" | "kind" | "availability">,
  log: Log,
  { ownThread = false }: { ownThread?: boolean } = {},
): OutboxWorker {
  const config = getConfig();
  // Certificates are drawn on another core, whichever thread sends them (pdf-thread.server.ts).
  drawCertificatesInThread(CERTIFICATE_THREAD_ENTRY);
  const transport = createMailTransport(config, log);
  if (config.smtpUrl) {
    const smtp = new URL(config.smtpUrl);
    log.info({ smtp: `${smtp.protocol}//${smtp.host}` }, "mail is delivered over SMTP");
  } else {
    log.info({ mailbox: mailboxDir(config.dataDir) }, "SMTP_URL is not set: mail is written to the local mailbox");
  }
  const smsTransport = createSmsTransport(config, log);
  log.info(
    { sms: smsTransport.kind },
    smsTransport.kind === "file" ? "SMS_PROVIDER is not set: SMS are written to DATA_DIR/sms" : "SMS go through the gateway",
  );
  // Off unless configured: then no WhatsApp row is ever queued (whatsapp-outbox.server.ts).
  // A second message to one number waits a second: the chat's replies follow each other quickly,
  // within the short bursts Meta's pair rate limit allows; a 131056 is retried later.
  const whatsapp = config.whatsapp ? createWhatsAppTransport(config.whatsapp, log, { minGapPerNumberMs: 1_000 }) : undefined;
  log.info({ whatsapp: whatsapp ? "cloud-api" : "off" }, whatsapp ? "WhatsApp messages go through Meta's Cloud API" : "WhatsApp is off");
  const worker = startOutboxWorker({
    db,
    transport,
    sms: smsTransport,
    whatsapp,
    log,
    render: MESSAGES.renderer(db, ticketLinkKeys()),
    leaseMs: config.mailLeaseMs,
    // The database out of reach: its tracker has said so once, each failed round need not.
    quietWhen: (error) => availability?.report(error) ?? false,
    // The embedded database is this process's alone: any claim in it is a dead process's.
    soleWorker: kind === "pglite",
    // Giving way to requests is for a worker that shares their event loop; its own thread has none.
    ownThread,
  });
  // Mail queued before an outage goes now, not when the worker's backoff next looks.
  availability?.onUp(notifyOutbox);
  return {
    kick: worker.kick,
    stop: async () => {
      await worker.stop();
      await stopCertificateThread();
      transport.close();
      smsTransport.close?.();
    },
  };
}

/** This thread's nice value: below the server's requests, above nothing else. */
const THREAD_NICE = 10;

/**
 * Lowers this thread's scheduling priority (Linux, where the nice value is a thread's own), so
 * that when the machine's cores are all busy, as in a registration rush on a small server, the
 * answers to people go first and the tickets take the CPU that is left; when a core is free,
 * the tickets go at once. Elsewhere the thread keeps the process's priority.
 */
function yieldToRequests(log: Log): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, Math.max(os.getPriority(tid), THREAD_NICE));
  } catch (error) {
    log.debug({ err: error }, "mail outbox thread: its priority stays the process's");
  }
}

/** The outbox thread's body (server/outbox-thread.js): its own PostgreSQL connection, its worker, until the server stops it. */
export async function runOutboxThread(): Promise<void> {
  const config = getConfig();
  if (!config.databaseUrl) throw new Error("the outbox thread needs DATABASE_URL");
  const log = logger();
  yieldToRequests(log);
  // The server has migrated the database before it started this thread.
  const connection = await openDbConnection({ kind: "postgres", url: config.databaseUrl, poolSize: THREAD_POOL_SIZE });
  const worker = startOutboxHere(connection, log, { ownThread: true });
  serveOutboxThread(worker, () => connection.close());
}
