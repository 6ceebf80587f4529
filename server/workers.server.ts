import { getConfig } from "~/config.server";
import type { Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { MailRenderer } from "~/modules/mail/outbox.server";
import { startOutboxWorker } from "~/modules/mail/outbox-worker.server";
import { createMailTransport, mailboxDir } from "~/modules/mail/transport.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { renderTicketMail, TICKET_TEMPLATE } from "~/modules/tickets/ticket-mail.server";

/** Background work of the server process (mail outbox delivery). */
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
    throw new Error(`unknown mail template "${mail.template}"`);
  };
  const outbox = startOutboxWorker({ db, transport, log, render });
  return {
    stop: async () => {
      await outbox.stop();
      transport.close();
    },
  };
}
