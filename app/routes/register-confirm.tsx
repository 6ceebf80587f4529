import { Trans, useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { invalidatePublicContent } from "~/cache/public-content-generation";
import { clientNetwork } from "~/client-network.server";
import { getDb } from "~/db/db.server";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { translateMessage } from "~/i18n/message-key";
import { metaTranslator } from "~/i18n/meta";
import { notifyOutbox } from "~/modules/mail/outbox-worker.server";
import { type ConfirmOutcome, confirmHeldByCode, confirmHeldById } from "~/modules/registration/held.server";
import { HELD_MESSAGES } from "~/modules/registration/held-messages";
import { HeldNotice } from "~/modules/registration/held-notice";
import { heldFromLink, verifyHeldCodeForm, verifyHeldLink } from "~/modules/registration/holds.server";
import { qrSvg } from "~/modules/tickets/qr.server";
import { ticketLinkKeys, ticketPageUrlForRegistration } from "~/modules/tickets/ticket-link.server";
import { joinWaitlistIn } from "~/modules/waitlist/waitlist.server";
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
  // Without a link this page only answers the code form's post (its action); opened by itself it says where to go.
  if (!params.token) return data({ name: null, joining: false }, { headers: PRIVATE_HEADERS });
  const id = verifyHeldLink(params.token, ticketLinkKeys().secret);
  if (!id) throw data("Not Found", { status: 404 });
  const held = await heldFromLink(await getDb(), id);
  return data({ name: held?.full_name ?? null, joining: held?.intent === "waitlist" }, { headers: PRIVATE_HEADERS });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const keys = ticketLinkKeys();
  const db = await getDb();
  const options = {
    secret: keys.secret,
    // A full event puts the person on the waitlist instead, in the same transaction.
    whenFull: async (tx: Parameters<typeof joinWaitlistIn>[0], input: Parameters<typeof joinWaitlistIn>[1], now: Date) => {
      const joined = await joinWaitlistIn(tx, input, { secret: keys.secret, now });
      return joined.ok ? { ok: true as const, position: joined.position } : { ok: false as const, message: joined.message };
    },
  };
  let outcome: ConfirmOutcome;
  let codeForm: string | undefined;
  if (params.token) {
    const id = verifyHeldLink(params.token, keys.secret);
    if (!id) throw data("Not Found", { status: 404 });
    outcome = await confirmHeldById(db, id, options);
  } else {
    const form = await readForm(request);
    const posted = String(form.get("held") ?? "");
    const id = verifyHeldCodeForm(posted, keys.secret);
    if (!id) throw data("Not Found", { status: 404 });
    codeForm = posted;
    outcome = await confirmHeldByCode(db, id, String(form.get("code") ?? "").trim(), {
      ...options,
      network: clientNetwork(context.clientIp ?? ""),
    });
  }
  if (outcome.status === "registered" || outcome.status === "waitlisted") notifyOutbox();
  if (outcome.status === "registered") {
    invalidatePublicContent();
    const { result } = outcome;
    return data(
      {
        done: "registered" as const,
        email: result.email,
        ticketId: result.ticketId,
        qrSvg: await qrSvg(result.doorCode),
        // The person proved the mailbox is theirs (its link or its code): their own page is theirs too.
        ticketUrl: ticketPageUrlForRegistration(result.attendeeId, keys),
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  if (outcome.status === "waitlisted")
    return data({ done: "waitlisted" as const, position: outcome.position, email: outcome.email, joined: outcome.joined });
  const message = outcome.status === "gone" ? HELD_MESSAGES.gone : outcome.message;
  return data({ done: "refused" as const, message, codeForm: outcome.status === "gone" ? undefined : codeForm }, { status: 409 });
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
