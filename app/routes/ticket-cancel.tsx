import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { translateMessage } from "~/i18n/message-key";
import { metaTranslator } from "~/i18n/meta";
import { CANCEL_MESSAGES, cancelRegistration } from "~/modules/tickets/cancel.server";
import { ticketPage } from "~/modules/tickets/tickets.server";
import { settleWaitlist } from "~/modules/waitlist/waitlist.server";
import type { RouteHandle } from "~/root";
import { CardLanguageSwitch } from "~/ui/language-switch";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { BUTTON } from "~/ui/styles";
import type { Route } from "./+types/ticket-cancel";

// /tickets/<token>/cancel: the confirmation step before an attendee gives up their seat.
// Plain GET and POST, so it works from any phone, with or without JavaScript.

// Reached from the ticket page (served without React, ADR 015) by a plain link: no framework
// JavaScript here either; the form posts as a document.
export const handle: RouteHandle = { hydrate: false };

const ticketHref = (token: string) => `/tickets/${encodeURIComponent(token)}`;

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = await ticketPage(await getDb(), params.token, getConfig().sessionSecret, requestLanguage(request));
  // Only the person's own link cancels: a door code (the QR code) is not theirs to use here.
  if (!page || page.state === "door-code") throw data("Not Found", { status: 404 });
  if (page.state === "cancelled" || page.state === "past") throw redirect(ticketHref(params.token));
  return data({ name: page.ticket.fullName, ticketId: page.ticket.ticketId, event: page.event }, { headers: PRIVATE_HEADERS });
}

export async function action({ params }: Route.ActionArgs) {
  // The freed seat goes to the first person on the waitlist, in the same transaction.
  const outcome = await cancelRegistration(await getDb(), params.token, getConfig().sessionSecret, (tx) => settleWaitlist(tx));
  if (outcome.status === "invalid") throw data("Not Found", { status: 404 });
  if (outcome.status === "checked-in") return data({ error: CANCEL_MESSAGES.checkedIn }, { status: 409 });
  return redirect(ticketHref(params.token));
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTranslator(matches)("cancelPage.metaTitle") },
  { name: "robots", content: "noindex" },
];

export default function TicketCancel({ loaderData, actionData, params }: Route.ComponentProps) {
  const { name, ticketId, event } = loaderData;
  const cancelling = useNavigation().state === "submitting";
  const { t } = useTranslation();
  return (
    <main className="min-h-screen bg-gray-50 px-4 py-8 sm:py-12">
      <CardLanguageSwitch />
      <article aria-labelledby="cancel-title" className="mx-auto max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        <p className="text-xs font-semibold uppercase tracking-widest text-gray-500">{event.name}</p>
        <h1 id="cancel-title" className="mt-2 text-2xl font-bold text-gray-900">
          {t("cancelPage.title")}
        </h1>
        <p className="mt-3 text-gray-700">{t("cancelPage.text", { name, event: event.name, date: event.date, ticketId })}</p>
        <p className="mt-3 text-gray-700">{t("cancelPage.again")}</p>
        {actionData?.error ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {translateMessage(t, actionData.error)}
          </p>
        ) : null}
        <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
          <button type="submit" disabled={cancelling} className={BUTTON.danger}>
            {cancelling ? t("cancelPage.busy") : t("cancelPage.confirm")}
          </button>
          <Link to={ticketHref(params.token)} className={BUTTON.secondary}>
            {t("cancelPage.keep")}
          </Link>
        </Form>
      </article>
    </main>
  );
}
