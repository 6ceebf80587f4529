import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { metaTranslator } from "~/i18n/meta";
import { ticketCertificate } from "~/modules/certificates/certificate-download.server";
import { TicketCertificateCard } from "~/modules/certificates/ticket-certificate-card";
import { CorrectionsCard } from "~/modules/corrections/corrections-card";
import { correctionsState } from "~/modules/corrections/self-correction.server";
import { FutureEditionsControl, STOP_INTENT } from "~/modules/invitations/ticket-page-control";
import { optInOfTicket, stopByTicket } from "~/modules/invitations/withdraw.server";
import { InviteCard } from "~/modules/outreach/invite-card";
import { inviteOfAttendee } from "~/modules/outreach/links.server";
import { currentRegistrationStatus } from "~/modules/registration/public-status.server";
import { getSettings } from "~/modules/settings/settings.server";
import { ShareButtons } from "~/modules/share/share-buttons";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { TicketPageView } from "~/modules/tickets/ticket-page-view";
import { ticketPage } from "~/modules/tickets/tickets.server";
import { ticketWhatsApp, ticketWhatsAppAction } from "~/modules/tickets/whatsapp-choice.server";
import { WhatsAppControl } from "~/modules/tickets/whatsapp-control";
import { isWhatsAppIntent } from "~/modules/tickets/whatsapp-intents";
import type { RouteHandle } from "~/root";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { readForm } from "~/ui/read-form.server";
import type { Route } from "./+types/ticket";

// The page is reachable by anyone holding the link: keep it out of shared caches and search engines.
// The ticket page ships no framework JavaScript on a first visit (ADR 015): it is what people
// open at the door, often on a weak signal. Everything on it is a link or a plain form (its posts
// here: stopping the news of future editions; WhatsApp messages asked for or stopped).
export const handle: RouteHandle = { hydrate: false };

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = await getDb();
  const secret = getConfig().sessionSecret;
  const language = requestLanguage(request);
  const page = await ticketPage(db, params.token, secret, language, getConfig().publicUrl);
  // Forged, malformed or deleted: the root boundary renders the 404 page.
  if (!page) throw data("Not Found", { status: 404 });
  // Whether the holder asked to hear about future editions: the page then offers to stop it.
  const optedIn = page.state === "active" && Boolean(await optInOfTicket(db, params.token, secret));
  // After the event, their certificate of attendance once it is issued; a past edition's too,
  // for as long as that edition keeps its registrations.
  const holder = page.state === "active" || page.state === "past" ? page.registrationId : null;
  const registrationId = page.state === "active" ? holder : null;
  const certificate = holder ? await ticketCertificate(db, holder, ticketLinkKeys()) : null;
  // The holder's own invite link (never this page's address, which is their ticket) and how many
  // came through it: only while registration is open, since a friend could not register through it.
  const open = registrationId ? (await currentRegistrationStatus(db, await getSettings(db))).isOpen : false;
  const invite = registrationId && open ? await inviteOfAttendee(db, registrationId) : null;
  // "Correct my details" while corrections are open; whom to ask after (modules/corrections).
  const corrections = registrationId ? await correctionsState(db, registrationId, language) : null;
  const corrected = new URL(request.url).searchParams.get("corrected") === "1";
  // While WhatsApp is configured: the ticket and reminders on WhatsApp too, or a way to stop them.
  const whatsapp = registrationId ? await ticketWhatsApp(db, registrationId) : null;
  return data({ page, optedIn, certificate, invite, corrections, corrected, whatsapp }, { headers: PRIVATE_HEADERS });
}

/**
 * "Stop telling me about future editions": a plain form post, answered with the page and a
 * confirmation. WhatsApp's "Get … on WhatsApp too" and "Stop WhatsApp messages": the page again
 * (a redirect) with a toast.
 */
export async function action({ params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isWhatsAppIntent(intent)) {
    const answer = await ticketWhatsAppAction(await getDb(), params.token, getConfig().sessionSecret, intent);
    if (!answer) throw data("Not Found", { status: 404 });
    return answer;
  }
  if (intent !== STOP_INTENT) throw data("Bad Request", { status: 400 });
  const outcome = await stopByTicket(await getDb(), params.token, getConfig().sessionSecret);
  if (outcome === "invalid") throw data("Not Found", { status: 404 });
  return data({ stopped: true }, { headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: metaTranslator(matches)(
      !loaderData ? "ticket.metaNotFound" : loaderData.page.state === "door-code" ? "ticket.metaDoorCode" : "ticket.metaTitle",
      { name: loaderData && "event" in loaderData.page ? (loaderData.page.event?.name ?? "") : "" },
    ),
  },
  { name: "robots", content: "noindex" },
];

export default function Ticket({ loaderData, actionData }: Route.ComponentProps) {
  const { certificate, page } = loaderData;
  const { t } = useTranslation();
  const more = (
    <>
      {certificate && (page.state === "active" || page.state === "past") ? (
        <TicketCertificateCard token={page.token} code={certificate.code} />
      ) : null}
      {loaderData.corrections && page.state === "active" ? (
        <CorrectionsCard state={loaderData.corrections} token={page.token} saved={loaderData.corrected} />
      ) : null}
      {page.state === "active" ? <WhatsAppControl whatsapp={loaderData.whatsapp} /> : null}
      <FutureEditionsControl optedIn={loaderData.optedIn} stopped={Boolean(actionData?.stopped)} />
    </>
  );
  const eventName = "event" in page && page.event ? page.event.name : "";
  // The holder's invite link, written out and shared: registrations through it count as theirs
  // (modules/outreach). Never this page's address, which is their ticket.
  const invite = loaderData.invite && page.state === "active" ? loaderData.invite : null;
  const share = invite ? (
    <InviteCard link={invite.link} invited={invite.invited}>
      <ShareButtons url={invite.link} title={eventName} message={t("share.goingMessage", { name: eventName })} />
    </InviteCard>
  ) : null;
  return <TicketPageView page={page} more={more} share={share} />;
}
