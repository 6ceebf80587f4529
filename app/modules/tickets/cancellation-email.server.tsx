import type { DbOrTx } from "~/db/client.server";
import { languageOr, withLanguage } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
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
  const language = languageOr(cancelled.language);
  const t = translator(language, "mail");
  const dateLabel = formatEventDate(settings.event_date, language);
  const event = settings.event_name;
  const ticket = cancelled.ticket_id;
  const { html, text } = await renderNoticeEmail({
    language,
    preview: t("cancellation.preview", { event, ticket }),
    heading: t("cancellation.heading"),
    paragraphs: [
      t("hello", { name: cancelled.full_name }),
      t("cancellation.text", { event, date: dateLabel, ticket }),
      t("cancellation.again"),
    ],
    button: { href: withLanguage(`${publicUrl.replace(/\/+$/, "")}/register`, language), label: t("cancellation.button") },
    footnote: t("cancellation.footnote", { email: settings.contact_email }),
  });
  return { subject: cancellationSubject(event, language), html, text };
}
