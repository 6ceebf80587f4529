import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { languageOr } from "~/i18n/languages";
import { metaTranslator } from "~/i18n/meta";
import { HeldNotice } from "~/modules/booking-protection/held-notice";
import { posterOf } from "~/modules/outreach/poster.server";
import { EventFacts } from "~/modules/registration/event-facts";
import { LostTicket } from "~/modules/registration/lost-ticket";
import { answerParts } from "~/modules/registration/register-answer";
import { registerPage, registerPageHeaders } from "~/modules/registration/register-page.server";
// Bundled on its own by Vite (worker pipeline: one self-contained file with a hashed name).
import pageScriptUrl from "~/modules/registration/register-page-script.ts?worker&url";
import pageStartUrl from "~/modules/registration/register-page-start.ts?worker&url";
import { RegisterSection } from "~/modules/registration/register-section";
import { REGISTER_MESSAGES_ID, scriptMessages } from "~/modules/registration/script-messages";
import { SuccessModal } from "~/modules/registration/success-modal";
import { TICKET_AGAIN_BUTTON } from "~/modules/registration/ticket-again-button";
import { ShareButtons, ShareScript } from "~/modules/share/share-buttons";
import { registerPagePost } from "~/modules/waitlist/actions.server";
import { type RouteHandle, siteName } from "~/root";
import { BackHeader } from "~/ui/back-header";
import { DialToRegister } from "~/ui/dial-to-register";
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
  return registerPage(request, context);
}

export const headers: Route.HeadersFunction = registerPageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  return registerPagePost(await readForm(request), await posterOf(request, context), context);
}

// Overloaded or without its database, the server answers 503: the form stays as typed.
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnavailable(() => serverAction());
}

export const shouldRevalidate = notAfterUnavailable;

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { event, status, offerHours, stamp, challenge, sms, whatsapp, shareUrl, ussdCode } = loaderData;
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const client = useToasts();
  const hydrated = useHydrated();
  const nonce = useNonce();
  const { push, clear } = client;
  const { t, i18n } = useTranslation();
  const answer = answerParts(actionData);
  const { success, held, resend } = answer;
  const [closedTicket, setClosedTicket] = useState<string | null>(null);
  const showClientErrors = useCallback((message: string) => push("error", message), [push]);
  const closeModal = useCallback(() => setClosedTicket(success?.ticketId ?? null), [success?.ticketId]);
  // A new server answer replaces the client's own validation toasts.
  const [answered, setAnswered] = useState(actionData);
  if (answered !== actionData) {
    setAnswered(actionData);
    clear();
  }

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
            {status.isOpen ? <DialToRegister code={ussdCode} className="mt-3 text-center text-sm text-gray-700" /> : null}
            <RegisterSection
              page={{ status, offerHours, stamp, challenge, sms, whatsapp }}
              answer={answer}
              submittingIntent={sendingAgain ? null : submittingIntent}
              sendingAgain={sendingAgain}
              onClientErrors={showClientErrors}
            />
          </>
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
      <Toaster toasts={[...(answer.toast ? [answer.toast] : []), ...client.toasts]} />
      {hydrated ? null : (
        <>
          <PageMessages id={REGISTER_MESSAGES_ID} language={languageOr(i18n.language)} messages={scriptMessages(i18n)} />
          {/* The page's script comes at the person's first touch (register-page-start.ts). */}
          <script src={pageStartUrl} data-rest={pageScriptUrl} nonce={nonce} defer />
          {/* The answer's share buttons arrive in place of the page's body, where scripts do not run. */}
          <ShareScript nonce={nonce} />
        </>
      )}
    </div>
  );
}
