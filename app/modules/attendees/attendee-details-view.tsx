import { Link } from "react-router";
import { BackLink } from "~/ui/back-link";
import { Badge, type BadgeTone } from "~/ui/badge";
import { Card } from "~/ui/card";
import { displayDateTime } from "~/ui/date-time";
import { DetailField as Field } from "~/ui/detail-field";
import { TrashIcon } from "~/ui/row-icons";
import { BUTTON, FOCUS_RING } from "~/ui/styles";
import type { ListRow } from "./attendee-list";
import { EmailText, GenderBadge, ResendButton } from "./attendee-ui";

// The body of /admin/attendees/:id: every field, the e-mails with their delivery state, check-in.

type When = Date | string;
export type DetailsAttendee = Omit<ListRow, "created_at" | "checked_in_at"> & {
  reason: string;
  ticket_id: string;
  consent_at: When | null;
  created_at: When;
  /** an organiser fixed these details: the person cannot change them on the ticket page */
  details_locked?: boolean;
  /** the ticket and reminders also go on WhatsApp: agreed when, under which privacy notice */
  whatsapp_opt_in?: boolean;
  whatsapp_consent_at?: When | null;
  whatsapp_consent_version?: string;
};
export type DetailsMail = {
  id: string;
  kind: string;
  subject: string;
  to_address: string;
  status: "pending" | "sending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  next_attempt_at: When;
  created_at: When;
  sent_at: When | null;
  channel: "email" | "sms" | "whatsapp";
  /** an SMS or WhatsApp message the gateway reported delivered to the phone */
  delivered_at: When | null;
  /** a WhatsApp message its reader opened (blue ticks; none when they turned receipts off) */
  read_at?: When | null;
};
export type DetailsCheckIn = { checked_in_at: When; method: string; checked_in_by: string | null } | null;

const MAIL_KINDS: Record<string, string> = {
  ticket: "Ticket",
  "ticket-resend": "Ticket, resent by an organiser",
  "ticket-self-resend": "Ticket, resent on the attendee's request",
  "details-corrected": "Ticket, sent again after the person corrected their details",
  "details-edited": "Ticket, sent again after an organiser edited the details",
  reminder: "Reminder",
  cancellation: "Cancellation confirmation",
  "waitlist-joined": "Waitlist confirmation",
  "waitlist-offer": "Waitlist offer",
  "privacy-notice": "Privacy notice link",
};

// The outbox's 'pending' is shown as 'Queued': it waits for the worker (or for its next try).
const MAIL_STATUS: Record<DetailsMail["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Queued", tone: "amber" },
  sending: { label: "Sending", tone: "sky" },
  sent: { label: "Sent", tone: "green" },
  failed: { label: "Failed", tone: "red" },
};

export function AttendeeDetailsView({
  attendee,
  checkIn,
  mail,
  ticketUrl,
  backHref,
  action,
  confirmHref,
  onDelete,
  cancelledAt,
  registrationMore,
  checkInMore,
  editHref,
}: {
  /** the organisers' Edit details (none for a cancelled registration) */
  editHref?: string;
  cancelledAt: When | null;
  attendee: DetailsAttendee;
  checkIn: DetailsCheckIn;
  mail: DetailsMail[];
  ticketUrl: string | null;
  backHref: string;
  action: string;
  confirmHref: string;
  onDelete: () => void;
  /** more lines of the Registration card, from other modules (where the person came from: modules/outreach) */
  registrationMore?: React.ReactNode;
  /** more lines under the check-in, from other modules (the check-in lists: modules/checkin/lists) */
  checkInMore?: React.ReactNode;
}) {
  return (
    <div className="space-y-5">
      <BackLink to={backHref}>Back to Attendees</BackLink>

      <section className="flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-xl font-bold break-words text-gray-900">{attendee.full_name}</h2>
            <GenderBadge gender={attendee.gender} />
            {cancelledAt ? <Badge tone="red">Cancelled</Badge> : null}
            {attendee.details_locked ? <Badge tone="gray">Details locked</Badge> : null}
          </div>
          {cancelledAt ? (
            <p className="mt-1 text-sm text-red-800">{`Cancelled by the attendee on ${displayDateTime(cancelledAt)}. The seat went back, and the QR code is refused at the door.`}</p>
          ) : null}
          {attendee.position || attendee.organization ? (
            <p className="mt-1 break-words text-gray-600">{[attendee.position, attendee.organization].filter(Boolean).join(" · ")}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {editHref && !cancelledAt ? (
            <Link to={editHref} className={BUTTON.secondary}>
              Edit details
            </Link>
          ) : null}
          {cancelledAt ? null : <ResendButton id={attendee.id} name={attendee.full_name} action={action} />}
          <a href={`/admin/attendees/${attendee.id}/data.json`} download className={BUTTON.secondary}>
            Download data
          </a>
          <Link
            to={confirmHref}
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              onDelete();
            }}
            className={`${BUTTON.secondary} text-red-700 hover:bg-red-50`}
          >
            <TrashIcon />
            Delete
          </Link>
        </div>
      </section>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Card title="Contact">
          <dl>
            <Field label="Email">
              {attendee.email === null ? (
                <EmailText email={null} channel={attendee.channel} />
              ) : (
                <a href={`mailto:${attendee.email}`} className={`break-words text-brand-700 hover:underline ${FOCUS_RING}`}>
                  <EmailText email={attendee.email} />
                </a>
              )}
            </Field>
            <Field label="Phone">
              <a href={`tel:${attendee.phone.replace(/[^\d+]/g, "")}`} className={`text-brand-700 hover:underline ${FOCUS_RING}`}>
                {attendee.phone}
              </a>
              {attendee.sms_opt_in ? <span className="ml-1.5 text-sm text-gray-500">(tickets and reminders by SMS)</span> : null}
              <WhatsAppConsent attendee={attendee} />
            </Field>
            <Field label="State">{attendee.state || "—"}</Field>
            <Field label="Local Government">{attendee.local_government || "—"}</Field>
          </dl>
        </Card>

        <Card title="Registration">
          <dl>
            <Field label="Ticket ID">
              <span className="font-mono font-semibold tracking-wide">{attendee.ticket_id}</span>
            </Field>
            <Field label="Ticket page">
              {ticketUrl ? (
                <a href={ticketUrl} target="_blank" rel="noreferrer" className={`break-all text-brand-700 hover:underline ${FOCUS_RING}`}>
                  Open ticket page
                </a>
              ) : (
                "—"
              )}
            </Field>
            <Field label="Registered">{displayDateTime(attendee.created_at)}</Field>
            {registrationMore}
            <Field label="Consent given">{attendee.consent_at ? displayDateTime(attendee.consent_at) : "Not recorded"}</Field>
            <Field label="Check-in">
              {checkIn ? (
                <span className="font-semibold text-brand-800">
                  {`Checked in at ${displayDateTime(checkIn.checked_in_at)}`}
                  <span className="block text-sm font-normal text-gray-600">
                    {[checkIn.checked_in_by ? `by ${checkIn.checked_in_by}` : "", `via ${checkIn.method}`].filter(Boolean).join(", ")}
                  </span>
                </span>
              ) : (
                "Not checked in"
              )}
            </Field>
            {checkInMore}
          </dl>
        </Card>
      </div>

      <Card title="Reason for attending">
        <p className="break-words whitespace-pre-wrap text-gray-800">{attendee.reason || "—"}</p>
      </Card>

      <Card title="Messages">
        {mail.length === 0 ? (
          <p className="text-gray-600">No e-mails, SMS or WhatsApp messages yet.</p>
        ) : (
          <ul className="divide-y divide-gray-100" aria-label="Messages">
            {mail.map((m) => (
              <MailItem key={m.id} mail={m} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** "WhatsApp: agreed <when> (privacy notice v<version>)", or that the number stopped it since; nothing when never asked. */
function WhatsAppConsent({ attendee }: { attendee: DetailsAttendee }) {
  if (!attendee.whatsapp_consent_at) return null;
  const agreed = `agreed ${displayDateTime(attendee.whatsapp_consent_at)}${
    attendee.whatsapp_consent_version ? ` (privacy notice v${attendee.whatsapp_consent_version})` : ""
  }`;
  return (
    <span className="block text-sm text-gray-500" data-testid="whatsapp-consent">
      {attendee.whatsapp_opt_in ? `WhatsApp: ${agreed}` : `WhatsApp: stopped; had ${agreed}`}
    </span>
  );
}

const CHANNEL_PREFIX: Record<DetailsMail["channel"], string> = { email: "", sms: "SMS: ", whatsapp: "WhatsApp: " };

/**
 * A message's state as the badge says it: an SMS or WhatsApp message goes further than an
 * e-mail (the gateway reports it reached the phone), a WhatsApp message further still (read).
 */
function shownStatus(mail: DetailsMail): { label: string; tone: BadgeTone; at?: When } {
  if (mail.status !== "sent") return MAIL_STATUS[mail.status];
  if (mail.channel === "whatsapp" && mail.read_at) return { label: "Read", tone: "green", at: mail.read_at };
  if (mail.delivered_at) return { label: "Delivered", tone: "green", at: mail.channel === "whatsapp" ? mail.delivered_at : undefined };
  return MAIL_STATUS.sent;
}

function MailItem({ mail }: { mail: DetailsMail }) {
  const status = shownStatus(mail);
  const retrying = mail.status === "pending" && mail.attempts > 0;
  return (
    <li className="py-3 first:pt-0 last:pb-0" data-mail-status={mail.status} data-channel={mail.channel}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{status.at ? `${status.label} ${displayDateTime(status.at)}` : status.label}</Badge>
        <span className="font-semibold text-gray-900">{`${CHANNEL_PREFIX[mail.channel]}${MAIL_KINDS[mail.kind] ?? mail.kind}`}</span>
      </div>
      <p className="mt-1 text-sm break-words text-gray-700">{mail.subject}</p>
      <p className="mt-1 text-sm text-gray-500">
        {[
          `To ${mail.to_address}`,
          `queued ${displayDateTime(mail.created_at)}`,
          mail.sent_at ? `sent ${displayDateTime(mail.sent_at)}` : "",
          `${mail.attempts} ${mail.attempts === 1 ? "attempt" : "attempts"}`,
          retrying ? `next try ${displayDateTime(mail.next_attempt_at)}` : "",
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {/* A failed WhatsApp message's error carries Meta's code, and says when its SMS went instead. */}
      {mail.last_error && mail.status !== "sent" ? (
        <p className="mt-1 text-sm break-words text-red-700">{`Error: ${mail.last_error}`}</p>
      ) : null}
    </li>
  );
}
