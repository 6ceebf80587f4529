import { useFetcher } from "react-router";
import type { RegistrationChannel } from "~/db/person-columns";
import { GENDER_LABELS, type Gender } from "~/modules/person/gender";
import { Badge, type BadgeTone } from "~/ui/badge";
import { DeleteConfirmation } from "~/ui/confirm-dialog";
import { SendIcon } from "~/ui/row-icons";
import { BUTTON } from "~/ui/styles";

// Small pieces shared by the attendee list and the detail page.

// Male green, female lighter green, other grey: the dashboard's chart colours.
const GENDER_TONES: Record<Gender, BadgeTone> = { male: "green-solid", female: "green", other: "gray" };

export function GenderBadge({ gender }: { gender: Gender }) {
  return <Badge tone={GENDER_TONES[gender]}>{GENDER_LABELS[gender]}</Badge>;
}

/** How someone without an e-mail address registered: "at the door", "by USSD", "on WhatsApp". */
const REGISTERED_WITHOUT_EMAIL: Record<RegistrationChannel, string> = {
  web: "online",
  ussd: "by USSD",
  door: "at the door",
  whatsapp: "on WhatsApp",
};

/** An e-mail address that wraps after its local part (at the @) before it wraps anywhere else. */
export function EmailText({ email, channel = "ussd" }: { email: string | null; channel?: RegistrationChannel }) {
  // Someone who registered by USSD, at the door or by WhatsApp chat gave no address: their tickets go by SMS (or WhatsApp).
  if (email === null) return <span className="text-gray-500">{`No e-mail (registered ${REGISTERED_WITHOUT_EMAIL[channel]})`}</span>;
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Queues the ticket e-mail again; the action answers with a redirect and a toast. */
export function ResendButton({ id, name, action, compact = false }: { id: string; name: string; action: string; compact?: boolean }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="inline-flex">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={id} />
      {compact ? (
        <button
          type="submit"
          disabled={busy}
          className={`${BUTTON.icon} hover:text-brand-700`}
          aria-label={`Resend Ticket to ${name}`}
          title="Resend Ticket"
        >
          <SendIcon />
        </button>
      ) : (
        <button type="submit" disabled={busy} className={BUTTON.secondary}>
          <SendIcon />
          {busy ? "Sending…" : "Resend Ticket"}
        </button>
      )}
    </fetcher.Form>
  );
}

/** "Are you sure you want to delete {name}'s registration?", from the list or the detail page. */
export function ConfirmDeleteModal({
  attendee,
  action,
  cancelHref,
  onClose,
}: {
  attendee: { id: string; full_name: string };
  action: string;
  cancelHref: string;
  onClose: () => void;
}) {
  return (
    <DeleteConfirmation
      title="Delete Attendee"
      message={`Are you sure you want to delete ${attendee.full_name}'s registration?`}
      note="Their ticket stops working, and their personal data is erased everywhere (e-mails sent, check-in, cancelled registrations). This cannot be undone."
      id={attendee.id}
      action={action}
      cancelHref={cancelHref}
      onClose={onClose}
    />
  );
}

/** The phone number, and whether tickets also go to it by SMS (asked on the form, always by USSD). */
export function PhoneText({ phone, sms, whatsapp = false }: { phone: string; sms: boolean; whatsapp?: boolean }) {
  return (
    <>
      {phone}
      {sms ? <span className="ml-1.5 rounded bg-sky-50 px-1.5 py-0.5 text-xs font-medium text-sky-800">SMS</span> : null}
      {whatsapp ? <span className="ml-1.5 rounded bg-green-50 px-1.5 py-0.5 text-xs font-medium text-green-800">WhatsApp</span> : null}
    </>
  );
}
