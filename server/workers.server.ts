import { getConfig } from "~/config.server";
import type { Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { MailRenderer } from "~/modules/mail/outbox.server";
import { startOutboxWorker } from "~/modules/mail/outbox-worker.server";
import { createMailTransport, mailboxDir } from "~/modules/mail/transport.server";
import { sweepOrphanMedia } from "~/modules/media/upload.server";
import { REMINDER_TEMPLATE, renderReminderMail } from "~/modules/tickets/reminders.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { renderTicketMail, TICKET_TEMPLATE } from "~/modules/tickets/ticket-mail.server";

/** Uploads nothing refers to for a day (forms never saved) are deleted: first soon after start, then hourly. */
const MEDIA_SWEEP_FIRST_MS = 30_000;
const MEDIA_SWEEP_EVERY_MS = 60 * 60_000;
const ORPHAN_MEDIA_AGE_MS = 24 * 60 * 60_000;

function startMediaSweep(db: Db, log: ReturnType<typeof logger>) {
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= sweepOrphanMedia(db, new Date(Date.now() - ORPHAN_MEDIA_AGE_MS))
      .then((deleted) => {
        if (deleted > 0) log.info({ deleted }, "media: deleted unreferenced uploads");
      })
      .catch((error: unknown) => log.error({ err: error }, "media: the orphan sweep failed"))
      .finally(() => {
        sweeping = undefined;
      });
  };
  const first = setTimeout(sweep, MEDIA_SWEEP_FIRST_MS).unref();
  const every = setInterval(sweep, MEDIA_SWEEP_EVERY_MS).unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(every);
      await sweeping;
    },
  };
}

/** Background work of the server process (mail outbox delivery, the sweep of unreferenced uploads). */
export function startBackgroundWorkers(db: Db) {
  const config = getConfig();
  const log = logger();
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
    throw new Error(`unknown mail template "${mail.template}"`);
  };
  const outbox = startOutboxWorker({ db, transport, log, render });
  const mediaSweep = startMediaSweep(db, log);
  return {
    stop: async () => {
      await Promise.all([outbox.stop(), mediaSweep.stop()]);
      transport.close();
    },
  };
}
