import { Form, Link } from "react-router";
import type { AutoCertificatePlan, CertificateOverview } from "~/modules/certificates/certificates.server";
import { Card } from "~/ui/card";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { DateTime } from "~/ui/date-time";
import { BUTTON } from "~/ui/styles";

// "After the Event" on Event Operations: Send Certificates, as Send Reminders works: a
// confirmation saying who gets what, one certificate per attendee who was checked in however
// often it is pressed, its progress while it goes out, then a result toast. The automatic send
// (the morning after, when set in Event Settings) is named here so nobody presses in doubt.

export const CERTIFICATES_PARAM = "certificates";
const PREVIEW = "/admin/operations/certificate-preview.pdf";

const n = (value: number) => value.toLocaleString("en-US");
const people = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

type Certificates = CertificateOverview & { auto: AutoCertificatePlan; concluded: boolean };

function AutoNote({ auto }: { auto: AutoCertificatePlan }) {
  const settings = (
    <Link to="/admin/settings" className="font-medium text-brand-700 underline underline-offset-2">
      Event Settings
    </Link>
  );
  return (
    <p className="mt-2 text-sm text-gray-600" data-testid="auto-certificates">
      <span className="font-semibold text-gray-800">Automatic certificates:</span>{" "}
      {auto.state === "sent" ? (
        "went out for this event date."
      ) : auto.state === "off" ? (
        <>off. Turn them on in {settings}, or send them yourself after the event.</>
      ) : (
        <>
          go out by themselves on <DateTime value={auto.at} /> (Lagos time).
        </>
      )}
    </p>
  );
}

/** The result toasts once the last queued certificate has gone (or failed for good). */
export const CERTIFICATE_RESULT = {
  sent: (count: number) => `Certificates sent to ${people(count, "attendee", "attendees")}!`,
  failed: (count: number) => `Failed to send ${people(count, "certificate", "certificates")}`,
};

export function CertificatesCard({ certificates, page, onOpen }: { certificates: Certificates; page: string; onOpen: () => void }) {
  const { progress, checkedIn } = certificates;
  return (
    <Card title="After the Event" level={2}>
      <p className="text-sm text-gray-600">
        Certificates of attendance go to everyone who was checked in, by e-mail with the PDF (by SMS with the verification link to those
        registered by phone). Those who registered but did not come are asked what kept them away.
      </p>
      <AutoNote auto={certificates.auto} />
      <div className="mt-3 flex flex-wrap gap-2">
        {/* Before the event's end there is nobody to certify yet. */}
        {certificates.concluded ? (
          <Link
            to={`${page}?confirm=certificates`}
            preventScrollReset
            className={BUTTON.primary}
            onClick={(event) => {
              event.preventDefault();
              onOpen();
            }}
          >
            Send Certificates
          </Link>
        ) : null}
        {/* Plain links: the PDF opens in the browser's viewer, with or without JavaScript. */}
        <a href={PREVIEW} target="_blank" rel="noopener" className={BUTTON.secondary}>
          Preview Certificate
        </a>
        <a href={`${PREVIEW}?language=ha`} target="_blank" rel="noopener" className={BUTTON.secondary}>
          Preview in Hausa
        </a>
        <Link to="/admin/feedback" className={BUTTON.secondary}>
          See Feedback
        </Link>
      </div>
      <p className="mt-3 text-sm text-gray-700" data-testid="certificate-progress" aria-live="polite">
        {progress.total === 0
          ? `${certificates.concluded ? "No certificates sent yet" : "Send Certificates appears once the event has ended"} · ${people(checkedIn, "attendee", "attendees")} checked in`
          : `Certificates: ${n(progress.queued)} queued, ${n(progress.sent)} sent, ${n(progress.failed)} failed`}
      </p>
      {progress.failed > 0 ? (
        <Form method="post" className="mt-2">
          <button type="submit" name="intent" value="retry-certificates" className={BUTTON.secondary}>
            Retry failed certificates
          </button>
        </Form>
      ) : null}
    </Card>
  );
}

/** The confirmation: who gets a certificate, who gets the survey, and that nobody gets either twice. */
export function CertificatesDialog({ certificates, page, onClose }: { certificates: Certificates; page: string; onClose: () => void }) {
  const { toIssue, toRequest, concluded } = certificates;
  const message = !concluded
    ? "Certificates can be sent once the event has ended."
    : toIssue + toRequest === 0
      ? "Everyone who was checked in already has a certificate, and everyone else has been asked for feedback."
      : `Send certificates of attendance to ${people(toIssue, "attendee", "attendees")} who ${toIssue === 1 ? "was" : "were"} checked in${
          toRequest > 0 ? `, and the feedback survey to ${people(toRequest, "person", "people")} who registered but did not come` : ""
        }?`;
  return (
    <ConfirmDialog
      title="Send Certificates"
      message={message}
      note="Only people checked in at the door get a certificate. Each person gets theirs once, in their language, with a link to the feedback survey."
      id="certificates"
      action={page}
      cancelHref={page}
      onClose={onClose}
      intent="send-certificates"
      confirmLabel="Send Certificates"
      pendingLabel="Sending…"
      tone="primary"
    />
  );
}
