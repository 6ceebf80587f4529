import { getConfig } from "~/config.server";
import type { DatabaseAvailability } from "~/db/availability.server";
import type { Db, DbConnection } from "~/db/client.server";
import { logger } from "~/logger.server";
import { purgePersonalDataIfDue } from "~/modules/attendees/retention.server";
import { purgeLoginAttempts } from "~/modules/auth/rate-limit.server";
import { purgeExpiredSignIns } from "~/modules/auth/two-factor.server";
import { sweepAttackTraces } from "~/modules/booking-protection/sweep.server";
import { expireCertificates } from "~/modules/certificates/certificate-verify.server";
import { sendDueCertificates } from "~/modules/certificates/certificates.server";
import { sweepChats } from "~/modules/chat/chat-session.server";
import { purgeDoorSearches } from "~/modules/checkin/search-limit.server";
import { purgePastEditionsIfDue } from "~/modules/editions/past-editions.server";
import { startOutboxThread } from "~/modules/mail/outbox-thread.server";
import { sweepOrphanMedia } from "~/modules/media/upload.server";
import { getSettings } from "~/modules/settings/settings.server";
import { warmShareImages } from "~/modules/share/share-image.server";
import { sendDueAutoReminder } from "~/modules/tickets/auto-reminders.server";
import { sweepUssdDrafts } from "~/modules/ussd/session.server";
import { settleWaitlistNow } from "~/modules/waitlist/waitlist.server";
import { OUTBOX_THREAD_ENTRY, startOutboxHere } from "./outbox.server";

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
      // So do WhatsApp conversations (and the ids of messages taken in, after a week).
      const chats = await sweepChats(db, now);
      if (attempts > 0) log.info({ attempts }, "sign-in: deleted attempts older than 30 days");
      if (drafts > 0) log.info({ drafts }, "USSD: deleted unfinished menus older than a day");
      if (chats > 0) log.info({ chats }, "WhatsApp: deleted conversations older than a day");
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
    },
    failed("reminders: the automatic reminder failed; trying again in a minute"),
  );
}

/**
 * Every minute (SCHEDULE_CHECK_SECONDS): the certificates by themselves the morning after the
 * event (when organisers set it; once per date, whichever instance asks first), and the
 * certificates past their verification period lose the name they carried.
 */
function startCertificateSchedule(db: Db, log: Log, failed: Failed, checkMs: number) {
  return every(
    checkMs,
    20_000,
    async () => {
      const run = await sendDueCertificates(db);
      if (run) log.info(run, "certificates: sent by themselves the morning after the event");
      const expired = await expireCertificates(db, await getSettings(db));
      if (expired > 0) log.info({ expired }, "certificates: verification period ended; their names deleted");
    },
    failed("certificates: the scheduled send or expiry failed; trying again in a minute"),
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
 * Background work of the server process (mail outbox delivery, the automatic reminder and certificates, the retention purge, the
 * waitlist sweep, the sweep of unreferenced uploads). `availability`: PostgreSQL's tracker (see failureLogger).
 */
export function startBackgroundWorkers({ db, kind, availability }: Pick<DbConnection, "db" | "kind" | "availability">) {
  const config = getConfig();
  const log = logger();
  const failed = failureLogger(log, availability);
  // PostgreSQL: in a thread of its own (outbox.server.ts); the embedded database: here.
  const outbox = kind === "postgres" ? startOutboxThread(OUTBOX_THREAD_ENTRY, log) : startOutboxHere({ db, kind, availability }, log);
  const mediaSweep = startMediaSweep(db, log, failed);
  const autoReminder = startAutoReminder(db, log, failed, config.scheduleCheckMs);
  const retention = startRetentionPurge(db, log, failed, config.scheduleCheckMs);
  const certificates = startCertificateSchedule(db, log, failed, config.scheduleCheckMs);
  const waitlistSweep = startWaitlistSweep(db, log, failed, config.scheduleCheckMs);
  const attackSweep = startAttackSweep(db, log, failed, config.scheduleCheckMs);
  const signInPurge = startSignInRecordsPurge(db, log, failed);
  // Once, a few seconds after start (not competing with it): the link previews' pictures.
  const warm = setTimeout(() => void warmShareImages(db, config.publicUrl).catch(failed("drawing the share images failed")), 5_000);
  warm.unref();
  return {
    stop: async () => {
      clearTimeout(warm);
      await Promise.all([
        outbox.stop(),
        mediaSweep.stop(),
        autoReminder.stop(),
        retention.stop(),
        certificates.stop(),
        waitlistSweep.stop(),
        attackSweep.stop(),
        signInPurge.stop(),
      ]);
    },
  };
}
