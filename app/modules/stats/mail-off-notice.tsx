import type { MailStatus } from "~/modules/mail/transport.server";
import { Notice } from "~/ui/notice";

// Said in red at the top of the dashboard and Event Operations when mail cannot leave the
// server: registrants are still told "Your ticket has been sent", so organisers must know.

export function MailOffNotice({ mail }: { mail: Pick<MailStatus, "ok" | "detail" | "kind"> }) {
  if (mail.ok) return null;
  return (
    <Notice tone="fault" testId="mail-off">
      <strong className="font-semibold">Tickets are not being e-mailed.</strong> {mail.detail}.{" "}
      {mail.kind === "mailbox" ? (
        <>
          Registrants are still told their ticket was sent. Set <code>SMTP_URL</code> (docs/OPERATORS.md, "Configuration") and restart the
          server.
        </>
      ) : (
        "They wait in the outbox and go out once it answers."
      )}
    </Notice>
  );
}
