import { Trans, useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { translateMessage } from "~/i18n/message-key";
import { metaTranslator } from "~/i18n/meta";
import { HELD_MESSAGES } from "~/modules/booking-protection/held-messages";
import { HeldNotice } from "~/modules/booking-protection/held-notice";
import { confirmHeldPost, heldLinkPage } from "~/modules/waitlist/held-confirm-page.server";
import { Address } from "~/ui/address";
import { MessagePage } from "~/ui/message-page";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { readForm } from "~/ui/read-form.server";
import { BUTTON } from "~/ui/styles";
import type { Route } from "./+types/register-confirm";

// /register/confirm/<link>: the button of the e-mail sent when a registration was held during
// a booking attack; /register/confirm (POST): the six-digit code typed on /register. Opening
// the link only shows a button: mail scanners open links, and must not confirm seats.
// Plain GET and POST: it works without JavaScript.

export async function loader({ params }: Route.LoaderArgs) {
  return heldLinkPage(params.token);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return confirmHeldPost({ token: params.token, form: () => readForm(request), clientIp: context.clientIp ?? "" });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTranslator(matches)("confirm.title") },
  { name: "robots", content: "noindex" },
];

export default function RegisterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { t, i18n } = useTranslation();
  if (actionData?.done === "registered") {
    return (
      <MessagePage titleId="confirm-title" title={t("confirm.confirmedTitle")}>
        <p className="mt-3 text-gray-700">
          <Trans t={t} i18nKey="confirm.confirmedText" values={{ email: actionData.email }} components={{ email: <Address /> }} />
        </p>
        <p className="mt-4 text-center font-mono text-lg font-bold text-brand-800" data-testid="ticket-id">
          {actionData.ticketId}
        </p>
        <img
          className="mx-auto mt-3 h-48 w-48"
          width={192}
          height={192}
          alt={t("confirm.qrAlt", { ticketId: actionData.ticketId })}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(actionData.qrSvg)}`}
        />
        <a href={actionData.ticketUrl} className={`${BUTTON.primary} mt-6 w-full`}>
          {t("confirm.viewTicket")}
        </a>
      </MessagePage>
    );
  }
  if (actionData?.done === "waitlisted") {
    return (
      <MessagePage titleId="confirm-title" title={t("waitlistJoined.title")}>
        <p className="mt-3 text-gray-700">
          {t(actionData.joined ? "confirm.joined" : "confirm.waitlisted", {
            position: formatNumber(languageOr(i18n.language), actionData.position),
            email: actionData.email,
          })}
        </p>
      </MessagePage>
    );
  }
  if (actionData?.done === "refused") {
    return (
      <MessagePage titleId="confirm-title" title={t("confirm.title")}>
        {actionData.codeForm ? (
          <div className="mt-4">
            <HeldNotice email="" codeForm={actionData.codeForm} error={actionData.message} />
          </div>
        ) : (
          <>
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-800">
              {translateMessage(t, actionData.message)}
            </p>
            <Link to="/register" className={`${BUTTON.primary} mt-6 w-full`}>
              {t("confirm.registerAgain")}
            </Link>
          </>
        )}
      </MessagePage>
    );
  }
  if (!loaderData.name) {
    return (
      <MessagePage titleId="confirm-title" title={t("confirm.title")}>
        <p className="mt-3 text-gray-700">{translateMessage(t, HELD_MESSAGES.gone)}</p>
        <Link to="/register" className={`${BUTTON.primary} mt-6 w-full`}>
          {t("confirm.registerAgain")}
        </Link>
      </MessagePage>
    );
  }
  const { joining } = loaderData;
  return (
    <MessagePage titleId="confirm-title" title={t(joining ? "confirm.waitlistTitle" : "confirm.title")}>
      <p className="mt-3 text-gray-700">{t(joining ? "confirm.pressWaitlist" : "confirm.press", { name: loaderData.name })}</p>
      <Form method="post" className="mt-6">
        <button type="submit" disabled={busy} className={`${BUTTON.primary} w-full`}>
          {busy ? t("confirm.busy") : t(joining ? "heldNotice.waitlistConfirm" : "heldNotice.confirm")}
        </button>
      </Form>
    </MessagePage>
  );
}
