import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useNavigation } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { languageOr } from "~/i18n/languages";
import { translateMessage } from "~/i18n/message-key";
import { metaTranslator } from "~/i18n/meta";
import { browserIdOf, ensureBrowserId } from "~/modules/booking-protection/browser-id.server";
import { HeldNotice } from "~/modules/booking-protection/held-notice";
import { surgeUnderway } from "~/modules/booking-protection/hold-decision.server";
import { carryFormStart, pageFormStamp } from "~/modules/booking-protection/human-check.server";
import { proofOfWorkChallenge } from "~/modules/booking-protection/proof-of-work.server";
import { attributionOf } from "~/modules/outreach/attribution.server";
import { referralOf } from "~/modules/outreach/referral.server";
import { registrationAction, ticketAgainAsked } from "~/modules/registration/actions.server";
import { EventFacts } from "~/modules/registration/event-facts";
import { LostTicket } from "~/modules/registration/lost-ticket";
import { currentRegistrationStatus } from "~/modules/registration/public-status.server";
// Bundled on its own by Vite (worker pipeline: one self-contained file with a hashed name).
import pageScriptUrl from "~/modules/registration/register-page-script.ts?worker&url";
import { RegistrationForm } from "~/modules/registration/registration-form";
import { REGISTER_MESSAGES_ID, scriptMessages } from "~/modules/registration/script-messages";
import { SuccessModal } from "~/modules/registration/success-modal";
import { TICKET_AGAIN_BUTTON } from "~/modules/registration/ticket-again-button";
import { WaitlistJoined } from "~/modules/registration/waitlist-joined";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { requestSettings } from "~/modules/settings/request-settings.server";
import { ShareButtons, ShareScript } from "~/modules/share/share-buttons";
import { siteShareUrl } from "~/modules/share/share-links";
import { smsOffer } from "~/modules/sms/sms-offer.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { joinWaitlistAction } from "~/modules/waitlist/actions.server";
import { type RouteHandle, siteName } from "~/root";
import { BackHeader } from "~/ui/back-header";
import { useNonce } from "~/ui/nonce";
import { PageMessages } from "~/ui/page-messages";
import { readForm } from "~/ui/read-form.server";
import { keepFormWhenUnavailable, notAfterUnavailable } from "~/ui/server-unavailable";
import { Toaster } from "~/ui/toaster";
import { useHydrated } from "~/ui/use-hydrated";
import { useToasts } from "~/ui/use-toasts";
import type { Route } from "./+types/register";

// A first visit gets no React: the server-rendered page plus register-page-script.ts, which
// keeps the form's behaviours for ~11 KB instead of ~120 KB (docs/decisions/009). Reached by a
// client-side navigation from a hydrated page, React renders it and its own handlers work.
export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => {
  const name = siteName(matches[0]?.loaderData);
  const t = metaTranslator(matches);
  return [{ title: t("register.metaTitle", { name }) }, { name: "description", content: t("register.metaDescription", { name }) }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await getDb();
  // The organisers' texts (the venue) in the visitor's language where they gave one.
  const language = requestLanguage(request);
  const settings = localizedSettings(await requestSettings(context, db), language);
  const status = await currentRegistrationStatus(db, settings);
  // The page's forms are good for one post from this browser (human-check.server).
  const browser = ensureBrowserId(request, Boolean(context.secure));
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
        time: settings.event_time,
        venue: settings.venue,
      },
      status: { isOpen: status.isOpen, message: status.message, spotsRemaining: status.spotsRemaining, waitlist: status.state === "full" },
      offerHours: settings.waitlist_offer_hours,
      sms: smsOffer(getConfig()),
      // What the ticket's holder may pass on once registered: the site, never their ticket.
      shareUrl: siteShareUrl(getConfig().publicUrl, language),
      stamp,
      challenge,
    },
    browser.setCookie ? { headers: { "Set-Cookie": browser.setCookie } } : undefined,
  );
}

// A refusal's Retry-After (too many posts from one network) travels with the page it answers,
// and the browser's cookie with the page that gives it.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const poster = {
    clientIp: context.clientIp ?? "",
    browserId: browserIdOf(request, Boolean(context.secure)),
    language: requestLanguage(request),
    // The tracked link (a source's or an attendee's invite) that brought this browser, if any.
    attribution: await attributionOf(await getDb(), referralOf(request, Boolean(context.secure))),
  };
  // The answered page's form keeps counting its fill time from the visit's first page (the loader signs it).
  carryFormStart(context, form, poster.browserId, ticketLinkKeys().secret);
  // One form, two doors: the waitlist's when the event is full.
  return form.get("intent") === "waitlist" && !ticketAgainAsked(form) ? joinWaitlistAction(form, poster) : registrationAction(form, poster);
}

// Overloaded or without its database, the server answers 503: the form stays as typed.
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnavailable(() => serverAction());
}

export const shouldRevalidate = notAfterUnavailable;

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { event, status, offerHours, stamp, challenge, sms, shareUrl } = loaderData;
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const client = useToasts();
  const hydrated = useHydrated();
  const nonce = useNonce();
  const { push, clear } = client;
  const { t, i18n } = useTranslation();
  const success = actionData && "success" in actionData ? actionData.success : undefined;
  const [closedTicket, setClosedTicket] = useState<string | null>(null);
  const showClientErrors = useCallback((message: string) => push("error", message), [push]);
  const closeModal = useCallback(() => setClosedTicket(success?.ticketId ?? null), [success?.ticketId]);
  // A new server answer replaces the client's own validation toasts.
  const [answered, setAnswered] = useState(actionData);
  if (answered !== actionData) {
    setAnswered(actionData);
    clear();
  }

  const actionToast = actionData && "toast" in actionData ? actionData.toast : undefined;
  const resend = actionData && "resend" in actionData ? actionData.resend : undefined;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const waitlisted = actionData && "waitlisted" in actionData ? actionData.waitlisted : undefined;
  const held = actionData && "held" in actionData ? actionData.held : undefined;
  // "Did you mean …?": asked before anything is registered.
  const emailQuestion = actionData && "emailQuestion" in actionData ? actionData.emailQuestion : undefined;
  // A phone number already registered: the ticket again, or someone else with the same number.
  const phoneQuestion = actionData && "phoneQuestion" in actionData ? actionData.phoneQuestion : undefined;
  // An address already registered: the form offers the ticket again, and answers there.
  const duplicate = actionData && "duplicate" in actionData && actionData.duplicate;
  const ticketAgain = resend?.place === "form" ? resend : duplicate ? { sent: false } : null;
  const lost = resend?.place === "lost" ? resend : undefined;
  const sendingAgain = navigation.state === "submitting" && navigation.formData?.has(TICKET_AGAIN_BUTTON.name) === true;

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-white">
      <BackHeader to="/">{t("common:backHome")}</BackHeader>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <h1 className="text-center text-3xl font-bold text-gray-900 sm:text-4xl">{t("register.heading", { name: event.name })}</h1>
        {held ? (
          // First thing on the page: without JavaScript the answer opens at its top, on a small screen too.
          <div className="mt-6">
            <HeldNotice email={held.email} codeForm={held.codeForm} hours={held.hours} intent={held.intent} />
          </div>
        ) : (
          <>
            <p className="mt-3 text-center text-gray-600">{t("register.lead")}</p>
            <EventFacts date={event.date} time={event.time} venue={event.venue} />
          </>
        )}

        {held ? null : (
          <section aria-labelledby="form-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
            <h2 id="form-heading" className="mb-6 text-xl font-bold text-gray-900">
              {status.isOpen || !status.waitlist ? t("register.formHeading") : t("register.waitlistHeading")}
            </h2>
            {status.isOpen ? (
              <RegistrationForm
                stamp={stamp}
                challenge={challenge}
                lastResult={lastResult}
                submitting={submittingIntent === "register" && !sendingAgain}
                onClientErrors={showClientErrors}
                ticketAgain={ticketAgain}
                emailQuestion={emailQuestion}
                phoneQuestion={phoneQuestion}
                sendingAgain={sendingAgain}
                sms={sms}
              />
            ) : waitlisted ? (
              <WaitlistJoined {...waitlisted} offerHours={offerHours} />
            ) : (
              <>
                <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-center">
                  <p className="text-lg font-semibold text-amber-900">{translateMessage(t, status.message)}</p>
                  <p className="mt-2 text-sm text-amber-800">
                    {status.waitlist ? t("register.waitlistExplain", { count: offerHours }) : t("register.notAvailable")}
                  </p>
                </div>
                {status.waitlist ? (
                  <div className="mt-6">
                    <RegistrationForm
                      stamp={stamp}
                      intent="waitlist"
                      lastResult={lastResult}
                      submitting={submittingIntent === "waitlist" && !sendingAgain}
                      onClientErrors={showClientErrors}
                      ticketAgain={ticketAgain}
                      emailQuestion={emailQuestion}
                      sendingAgain={sendingAgain}
                      sms={sms}
                    />
                  </div>
                ) : null}
              </>
            )}
          </section>
        )}

        <LostTicket
          stamp={stamp}
          sent={Boolean(lost?.sent)}
          error={lost?.error}
          email={lost?.email}
          submitting={submittingIntent === "resend"}
        />
      </main>
      {success && closedTicket !== success.ticketId ? (
        <SuccessModal
          success={success}
          onClose={closeModal}
          share={
            <ShareButtons
              url={shareUrl}
              title={event.name}
              message={t("share.goingMessage", { name: event.name })}
              heading={{ text: t("share.goingHeading"), lead: t("share.goingLead"), level: 3 }}
            />
          }
        />
      ) : null}
      <Toaster toasts={[...(actionToast ? [actionToast] : []), ...client.toasts]} />
      {hydrated ? null : (
        <>
          <PageMessages id={REGISTER_MESSAGES_ID} language={languageOr(i18n.language)} messages={scriptMessages(i18n)} />
          <script src={pageScriptUrl} nonce={nonce} defer />
          {/* The answer's share buttons arrive in place of the page's body, where scripts do not run. */}
          <ShareScript nonce={nonce} />
        </>
      )}
    </div>
  );
}
