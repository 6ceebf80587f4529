import { data, type HeadersFunction, redirect } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { ensureBrowserId } from "~/modules/booking-protection/browser-id.server";
import { surgeUnderway } from "~/modules/booking-protection/hold-decision.server";
import { pageFormStamp } from "~/modules/booking-protection/human-check.server";
import { proofOfWorkChallenge } from "~/modules/booking-protection/proof-of-work.server";
import { whatsappOn } from "~/modules/mail/whatsapp-outbox.server";
import { formatEventHours } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { requestSettings } from "~/modules/settings/request-settings.server";
import { isSetUp } from "~/modules/settings/settings.server";
import { siteShareUrl } from "~/modules/share/share-links";
import { smsOffer } from "~/modules/sms/sms-offer.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { currentRegistrationStatus } from "./public-status.server";

// What /register shows (routes/register.tsx): the event's facts in the visitor's language,
// whether the form, the waitlist or a notice is open, and the form's one-post stamp, with a
// proof-of-work challenge while a surge is under way (or always, when Event Settings say so).

type PageContext = { secure?: boolean };

export async function registerPage(request: Request, context: PageContext) {
  const db = await getDb();
  // The organisers' texts (the venue) in the visitor's language where they gave one.
  const language = requestLanguage(request);
  const settings = localizedSettings(await requestSettings(context, db), language);
  // The page's forms are good for one post from this browser (human-check.server).
  const browser = ensureBrowserId(request, Boolean(context.secure));
  // Nothing set up yet (a fresh install): the landing page's "coming soon" says all there is. The
  // browser's cookie goes with the redirect all the same, as it would with the page.
  if (!isSetUp(settings)) throw redirect("/", browser.setCookie ? { headers: { "Set-Cookie": browser.setCookie } } : undefined);
  const status = await currentRegistrationStatus(db, settings);
  // After a post, counting from the visit's first page (the action carried its time).
  const stamp = pageFormStamp(context, ticketLinkKeys().secret, browser.id);
  const challenge =
    status.isOpen && (settings.proof_of_work_always || (await surgeUnderway(db))) ? await proofOfWorkChallenge(stamp) : null;
  return data(
    {
      // The date written here, not in the browser (phones' browsers often lack Hausa's calendar words).
      event: {
        name: settings.event_name,
        date: formatEventDate(settings.event_date, language),
        time: formatEventHours(settings),
        venue: settings.venue,
      },
      status: { isOpen: status.isOpen, message: status.message, spotsRemaining: status.spotsRemaining, waitlist: status.state === "full" },
      offerHours: settings.waitlist_offer_hours,
      sms: smsOffer(getConfig()),
      // "Send my ticket on WhatsApp too", only while WhatsApp is configured.
      whatsapp: whatsappOn(),
      // Said to whoever reads this page for a friend without data.
      ussdCode: getConfig().ussdCode,
      // What the ticket's holder may pass on once registered: the site, never their ticket.
      shareUrl: siteShareUrl(getConfig().publicUrl, language),
      stamp,
      challenge,
    },
    browser.setCookie ? { headers: { "Set-Cookie": browser.setCookie } } : undefined,
  );
}

/**
 * A refusal's Retry-After (too many posts from one network) travels with the page it answers,
 * and the browser's cookie with the page that gives it.
 */
export const registerPageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
};
