import type { DbOrTx } from "~/db/client.server";
import { isUuid } from "~/db/uuid";
import { languageOr, withLanguage } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { renderNoticeEmail } from "~/modules/mail/notice-email";
import type { RenderedMail } from "~/modules/mail/outbox.server";
import { PermanentMailError } from "~/modules/mail/transport.server";
import { formatEventHours } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { editionName, findEdition, invitationSubject } from "./edition-facts.server";
import { withdrawUrl } from "./invitation-token.server";
import { optInById } from "./opt-in.server";

// The new edition's announcement to someone who asked for it: its name, date, time and venue,
// the way to register, and on every one the way to stop them (a link, and the List-Unsubscribe
// headers mail programs turn into a button, RFC 8058). Written in the person's language, from
// the settings as they are when it goes out.

type InvitationKeys = { publicUrl: string; secret: string };

/**
 * Renders a queued invitation. An opt-in withdrawn since it was queued is not mailed: the
 * withdrawal deletes what is still queued, and this refuses what it missed (being sent then).
 */
export async function renderInvitationMail(db: DbOrTx, data: Record<string, unknown> | null, keys: InvitationKeys): Promise<RenderedMail> {
  const id = typeof data?.invitationId === "string" && isUuid(data.invitationId) ? data.invitationId : "";
  const person = id ? await optInById(db, id) : undefined;
  if (!person) throw new PermanentMailError("the person withdrew from future-edition invitations; not sent");
  const settings = await getSettings(db);
  const edition = await findEdition(db, typeof data?.editionId === "number" ? data.editionId : settings.edition_id);
  if (!edition) throw new PermanentMailError("the edition of this invitation is gone; not sent");
  const language = languageOr(person.language);
  const facts = localizedSettings(settings, language);
  const t = translator(language, "mail");
  const event = settings.event_name;
  const name = editionName(edition, language);
  const date = formatEventDate(settings.event_date, language);
  const stop = withdrawUrl(keys.publicUrl, person.id, keys.secret, language);
  const { html, text } = await renderNoticeEmail({
    language,
    preview: t("invitation.preview", { edition: name, date, venue: facts.venue }),
    heading: t("invitation.heading", { event }),
    paragraphs: [
      t("hello", { name: person.full_name }),
      t("invitation.text", { event, edition: name, date, time: formatEventHours(settings), venue: facts.venue }),
      t("invitation.why"),
    ],
    button: { href: withLanguage(`${keys.publicUrl.replace(/\/+$/, "")}/register`, language), label: t("invitation.button") },
    footnote: t("invitation.footnote"),
    footnoteLink: { href: stop, label: t("invitation.stop") },
  });
  return {
    subject: invitationSubject(settings, edition, language),
    html,
    text,
    // One click in the mail program stops them: it POSTs to the same page (RFC 8058).
    headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
