import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { waitlist } from "~/db/schema";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { languageOr, withLanguage } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { renderNoticeEmail } from "~/modules/mail/notice-email";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { offerSubject, positionOf, waitlistOfferMessage } from "./waitlist.server";
import { signWaitlistToken, waitlistPageUrl } from "./waitlist-token.server";

// The waitlist's two e-mails, rendered by the outbox worker from the entry as it is when
// sent: "you're on the waitlist" (with the place in line) and "a seat is free for you"
// (with the deadline). Both link to the person's waitlist page.

type Keys = { publicUrl: string; secret: string };

export async function renderWaitlistMail(
  db: DbOrTx,
  template: string | null,
  data: Record<string, unknown> | null,
  keys: Keys,
): Promise<Pick<OutgoingMail, "subject" | "html" | "text">> {
  const id = typeof data?.waitlistId === "string" ? data.waitlistId : "";
  const [entry] = id ? await db.select().from(waitlist).where(eq(waitlist.id, id)) : [];
  if (!entry) throw new Error("the waitlist entry of this e-mail is gone");
  const language = languageOr(entry.language);
  const settings = localizedSettings(await getSettings(db), language);
  const t = translator(language, "mail");
  const link = withLanguage(waitlistPageUrl(keys.publicUrl, signWaitlistToken(entry.id, keys.secret)), language);
  const event = t("waitlist.eventOn", { event: settings.event_name, date: formatEventDate(settings.event_date, language) });
  const footnote = t("waitlist.questions", { email: settings.contact_email });
  const hello = t("hello", { name: entry.full_name });

  if (template === waitlistOfferMessage.name) {
    const deadline = entry.offer_expires_at
      ? `${formatDateTime(language, entry.offer_expires_at)} (${t("waitlist.wat")})`
      : t("waitlist.soon");
    const mail = await renderNoticeEmail({
      language,
      preview: t("waitlist.offerPreview", { deadline }),
      heading: t("waitlist.offerHeading"),
      paragraphs: [hello, t("waitlist.offerText", { event, deadline }), t("waitlist.offerHow")],
      button: { href: link, label: t("waitlist.offerButton") },
      footnote: `${t("waitlist.offerFootnote")} ${footnote}`,
    });
    return { subject: offerSubject(settings.event_name, language), ...mail };
  }

  const position = entry.status === "waiting" ? await positionOf(db, entry.seq) : null;
  const place = position ? formatNumber(language, position) : "";
  const mail = await renderNoticeEmail({
    language,
    preview: position ? t("waitlist.joinedPreviewPlace", { position: place }) : t("waitlist.joinedPreview"),
    heading: t("waitlist.joinedHeading"),
    paragraphs: [
      hello,
      position ? t("waitlist.joinedTextPlace", { event, position: place }) : t("waitlist.joinedText", { event }),
      t("waitlist.joinedHow", { count: settings.waitlist_offer_hours }),
    ],
    button: { href: link, label: t("waitlist.joinedButton") },
    footnote,
  });
  return { subject: t("waitlist.joinedSubject", { event: settings.event_name }).replace(/\s+/g, " ").trim(), ...mail };
}
