import type { DbOrTx } from "~/db/client.server";
import { renderNoticeEmail } from "~/modules/mail/notice-email";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { cancellationSubject, findCancelledById } from "./cancel.server";

// The short confirmation after an attendee cancels: what was cancelled, and the way back in.

/** Renders a queued cancellation confirmation from the cancelled registration and the settings. */
export async function renderCancellationMail(
  db: DbOrTx,
  data: Record<string, unknown> | null,
  publicUrl: string,
): Promise<Pick<OutgoingMail, "subject" | "html" | "text">> {
  const id = typeof data?.cancelledId === "string" ? data.cancelledId : "";
  const cancelled = id ? await findCancelledById(db, id) : undefined;
  if (!cancelled) throw new Error("the cancelled registration of this e-mail is gone");
  const settings = await getSettings(db);
  const dateLabel = formatEventDate(settings.event_date);
  const { html, text } = await renderNoticeEmail({
    preview: `Your registration ${cancelled.ticket_id} for ${settings.event_name} is cancelled.`,
    heading: "Registration cancelled",
    paragraphs: [
      `Hello ${cancelled.full_name},`,
      `Your registration for ${settings.event_name} on ${dateLabel} (ticket ${cancelled.ticket_id}) is cancelled, as you asked. Its QR code no longer admits anyone, and your seat has gone back to others.`,
      "Changed your mind? You can register again while seats are open.",
    ],
    button: { href: `${publicUrl.replace(/\/+$/, "")}/register`, label: "Register again" },
    footnote: `You did not cancel? Write to ${settings.contact_email} and we will look into it.`,
  });
  return { subject: cancellationSubject(settings.event_name), html, text };
}
