import { getConfig } from "~/config.server";
import type { DatabaseAvailability } from "~/db/availability.server";
import type { Db, DbConnection } from "~/db/client.server";
import { logger } from "~/logger.server";
import { purgePersonalDataIfDue } from "~/modules/attendees/retention.server";
import { purgeLoginAttempts } from "~/modules/auth/rate-limit.server";
import { purgeExpiredSignIns } from "~/modules/auth/two-factor.server";
import { purgeDoorSearches } from "~/modules/checkin/search-limit.server";
import { purgePastEditionsIfDue } from "~/modules/editions/past-editions.server";
import { INVITATION_TEMPLATE, renderInvitationMail } from "~/modules/invitations/invitation-email.server";
import type { MailRenderer } from "~/modules/mail/outbox.server";
import { notifyOutbox, startOutboxWorker } from "~/modules/mail/outbox-worker.server";
import { createMailTransport, mailboxDir } from "~/modules/mail/transport.server";
import { sweepOrphanMedia } from "~/modules/media/upload.server";
import { renderHeldMail } from "~/modules/registration/held.server";
import { HELD_TEMPLATE } from "~/modules/registration/holds.server";
import { PRIVACY_SMS_TEMPLATE, renderPrivacySms } from "~/modules/registration/privacy-sms.server";
import { sweepAttackTraces } from "~/modules/registration/sweep.server";
import { createSmsTransport } from "~/modules/sms/transport.server";
import { renderTestSms, TEST_SMS_TEMPLATE } from "~/modules/stats/test-sms.server";
import { sendDueAutoReminder } from "~/modules/tickets/auto-reminders.server";
import { CANCEL_TEMPLATE } from "~/modules/tickets/cancel.server";
import { renderCancellationMail } from "~/modules/tickets/cancellation-email.server";
import { REMINDER_TEMPLATE, renderReminderMail } from "~/modules/tickets/reminders.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { renderTicketMail, TICKET_TEMPLATE } from "~/modules/tickets/ticket-mail.server";
import { isTicketSmsTemplate, renderTicketSms } from "~/modules/tickets/ticket-sms.server";
import { sweepUssdDrafts } from "~/modules/ussd/session.server";
import { settleWaitlistNow, WAITLIST_TEMPLATES } from "~/modules/waitlist/waitlist.server";
import { renderWaitlistMail } from "~/modules/waitlist/waitlist-email.server";
import { renderOfferSms, WAITLIST_OFFER_SMS_TEMPLATE } from "~/modules/waitlist/waitlist-sms.server";

/** Uploads nothing refers to for a day (forms never saved) are deleted: first soon after start, then hourly. */
const ORPHAN_MEDIA_AGE_MS = 24 * 60 * 60_000;

type Log = ReturnType<typeof logger>;
/** The error handler of a round, logging `message` (see `failureLogger`). */
type Failed = (message: string) => (error: unknown) => void;

/**
 * Runs `task` soon after start and then every `everyMs`, never two at once; a failure is
 * logged and the next round tries again. `stop` waits for a round in progress.
 */
function every(everyMs: number, firstMs: number, task: () => Promise<void>, onError: (error: unknown) => void) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= task()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, firstMs).unref();
  const timer = setInterval(run, everyMs).unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

function startMediaSweep(db: Db, log: Log, failed: Failed) {
  return every(
    60 * 60_000,
    30_000,
    async () => {
      const deleted = await sweepOrphanMedia(db, new Date(Date.now() - ORPHAN_MEDIA_AGE_MS));
      if (deleted > 0) log.info({ deleted }, "media: deleted unreferenced uploads");
    },
    failed("media: the orphan sweep failed"),
  );
}

// ── Sign-in hardening ──
/**
 * Hourly: sign-in attempts older than 30 days (they hold networks: docs/PRIVACY.md), half-finished
 * sign-ins past their time, and the door search's counts of minutes gone.
 */
function startSignInRecordsPurge(db: Db, log: Log, failed: Failed) {
  return every(
    60 * 60_000,
    60_000,
    async () => {
      const now = new Date();
      const attempts = await purgeLoginAttempts(db, now);
      await purgeExpiredSignIns(db, now);
      await purgeDoorSearches(db, now);
      // Unfinished USSD menus hold a name and a number: a day, then gone.
      const drafts = await sweepUssdDrafts(db, now);
      if (attempts > 0) log.info({ attempts }, "sign-in: deleted attempts older than 30 days");
      if (drafts > 0) log.info({ drafts }, "USSD: deleted unfinished menus older than a day");
    },
    failed("sign-in: the purge of old attempts failed"),
  );
}
// ── end sign-in hardening ──

/** Asks every minute (SCHEDULE_CHECK_SECONDS) whether the automatic reminder is due; the first instance to find it due sends it. */
function startAutoReminder(db: Db, log: Log, failed: Failed, checkMs: number) {
  return every(
    checkMs,
    5_000,
    async () => {
      const run = await sendDueAutoReminder(db);
      if (!run) return;
      log.info(run, "reminders: the automatic reminder was queued");
      notifyOutbox();
    },
    failed("reminders: the automatic reminder failed; trying again in a minute"),
  );
}

/** Every minute (SCHEDULE_CHECK_SECONDS): offers past their time pass to the next person (and any free seat is offered). */
function startWaitlistSweep(db: Db, log: Log, failed: Failed, checkMs: number) {
  return every(
    checkMs,
    10_000,
    async () => {
      const offered = await settleWaitlistNow(db);
      if (offered.length === 0) return;
      log.info({ offered: offered.length }, "waitlist: seats offered");
      notifyOutbox();
    },
    failed("waitlist: the sweep failed; trying again in a minute"),
  );
}

/** Every minute (SCHEDULE_CHECK_SECONDS): unconfirmed holds past their time, finished counters and old stamps go. */
function startAttackSweep(db: Db, log: Log, failed: Failed, checkMs: number) {
  return every(
    checkMs,
    15_000,
    async () => {
      const holds = await sweepAttackTraces(db);
      if (holds > 0) log.info({ holds }, "registration: unconfirmed held registrations deleted");
    },
    failed("registration: the sweep of held registrations failed; trying again in a minute"),
  );
}

/** Asks every minute (SCHEDULE_CHECK_SECONDS) whether personal data is due for deletion; the first instance to find it due deletes it. */
function startRetentionPurge(db: Db, log: Log, failed: Failed, checkMs: number) {
  return every(
    checkMs,
    5_000,
    async () => {
      const run = await purgePersonalDataIfDue(db);
      if (run) log.info(run, "retention: personal data deleted as set in Event Settings; anonymous totals kept");
      // Each past edition from its own date: its people and mail log go, its archive stays.
      for (const past of await purgePastEditionsIfDue(db))
        log.info(past, "retention: a past edition's personal data deleted; its archive kept");
    },
    failed("retention: deleting personal data failed; trying again at the next check"),
  );
}

/**
 * A round's failure is logged, unless the database being out of reach explains it: the
 * availability tracker (PostgreSQL only) says that once when it goes and once when it is
 * back, and every worker tries again by itself meanwhile.
 */
function failureLogger(log: Log, availability: DatabaseAvailability | undefined): Failed {
  return (message) => (error) => {
    if (!availability?.report(error)) log.error({ err: error }, message);
  };
}

/**
 * Background work of the server process (mail outbox delivery, the automatic reminder, the retention purge, the
 * waitlist sweep, the sweep of unreferenced uploads). `availability`: PostgreSQL's tracker (see failureLogger).
 */
export function startBackgroundWorkers({ db, kind, availability }: Pick<DbConnection, "db" | "kind" | "availability">) {
  const config = getConfig();
  const log = logger();
  const failed = failureLogger(log, availability);
  const transport = createMailTransport(config, log);
  if (config.smtpUrl) {
    const smtp = new URL(config.smtpUrl);
    log.info({ smtp: `${smtp.protocol}//${smtp.host}` }, "mail is delivered over SMTP");
  } else {
    log.info({ mailbox: mailboxDir(config.dataDir) }, "SMTP_URL is not set: mail is written to the local mailbox");
  }
  const render: MailRenderer = async (mail) => {
    if (mail.template === TICKET_TEMPLATE) return renderTicketMail(db, mail.template_data, ticketLinkKeys());
    if (mail.template === REMINDER_TEMPLATE) return renderReminderMail(db, mail.template_data, ticketLinkKeys());
    if (mail.template === CANCEL_TEMPLATE) return renderCancellationMail(db, mail.template_data, config.publicUrl);
    if (mail.template === HELD_TEMPLATE) return renderHeldMail(db, mail.template_data, ticketLinkKeys());
    if (mail.template === INVITATION_TEMPLATE) return renderInvitationMail(db, mail.template_data, ticketLinkKeys());
    if (mail.template === WAITLIST_TEMPLATES.joined || mail.template === WAITLIST_TEMPLATES.offer) {
      return renderWaitlistMail(db, mail.template, mail.template_data, ticketLinkKeys());
    }
    // SMS: the text is the whole message; kept as the row's subject, it is what the admin lists.
    const sms = (text: string) => ({ subject: text, html: "", text });
    if (isTicketSmsTemplate(mail.template) && mail.template) {
      return sms((await renderTicketSms(db, mail.template, mail.template_data, ticketLinkKeys())).text);
    }
    if (mail.template === WAITLIST_OFFER_SMS_TEMPLATE) return sms((await renderOfferSms(db, mail.template_data, ticketLinkKeys())).text);
    if (mail.template === PRIVACY_SMS_TEMPLATE) return sms(await renderPrivacySms(db, mail.template_data, config.publicUrl));
    if (mail.template === TEST_SMS_TEMPLATE) return sms(await renderTestSms(db));
    throw new Error(`unknown mail template "${mail.template}"`);
  };
  const smsTransport = createSmsTransport(config, log);
  log.info(
    { sms: smsTransport.kind },
    smsTransport.kind === "file" ? "SMS_PROVIDER is not set: SMS are written to DATA_DIR/sms" : "SMS go through the gateway",
  );
  const outbox = startOutboxWorker({
    db,
    transport,
    sms: smsTransport,
    log,
    render,
    quietWhen: (error) => availability?.report(error) ?? false,
    // The embedded database is this process's alone: any claim in it is a dead process's.
    soleWorker: kind === "pglite",
  });
  // Mail queued before the outage goes now, not when the worker's backoff next looks.
  availability?.onUp(notifyOutbox);
  const mediaSweep = startMediaSweep(db, log, failed);
  const autoReminder = startAutoReminder(db, log, failed, config.scheduleCheckMs);
  const retention = startRetentionPurge(db, log, failed, config.scheduleCheckMs);
  const waitlistSweep = startWaitlistSweep(db, log, failed, config.scheduleCheckMs);
  const attackSweep = startAttackSweep(db, log, failed, config.scheduleCheckMs);
  const signInPurge = startSignInRecordsPurge(db, log, failed);
  return {
    stop: async () => {
      await Promise.all([
        outbox.stop(),
        mediaSweep.stop(),
        autoReminder.stop(),
        retention.stop(),
        waitlistSweep.stop(),
        attackSweep.stop(),
        signInPurge.stop(),
      ]);
      transport.close();
      smsTransport.close?.();
    },
  };
}
