import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { metaTranslator } from "~/i18n/meta";
import { eraseBySelfService, registrationBySelfServiceToken } from "~/modules/attendees/personal-data.server";
import { ticketPage } from "~/modules/tickets/tickets.server";
import type { RouteHandle } from "~/root";
import { MessagePage } from "~/ui/message-page";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { BUTTON } from "~/ui/styles";
import type { Route } from "./+types/ticket-erase";

// /tickets/<token>/delete-my-data: the confirmation before a holder erases everything stored
// about them (their right under the NDPA); then the page says it is done.

// Reached from the ticket page (served without React, ADR 015) by a plain link: no framework
// JavaScript here either; the form posts as a document.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ params, url, request }: Route.LoaderArgs) {
  // After the erasure there is nothing left to look up: the page only says it is done.
  if (url.searchParams.get("done") === "1") return data({ done: true as const }, { headers: PRIVATE_HEADERS });
  const page = await ticketPage(await getDb(), params.token, getConfig().sessionSecret, requestLanguage(request));
  if (!page || page.state === "door-code") throw data("Not Found", { status: 404 });
  const [name, event] = page.state === "past" ? [page.fullName, page.edition] : [page.ticket.fullName, page.event.name];
  return data({ done: false as const, name, event, active: page.state === "active" }, { headers: PRIVATE_HEADERS });
}

export async function action({ params }: Route.ActionArgs) {
  const db = await getDb();
  const reach = await registrationBySelfServiceToken(db, params.token, getConfig().sessionSecret);
  if (!reach || !(await eraseBySelfService(db, reach))) throw data("Not Found", { status: 404 });
  return redirect(`/tickets/${encodeURIComponent(params.token)}/delete-my-data?done=1`);
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTranslator(matches)("ticket.deleteData") },
  { name: "robots", content: "noindex" },
];

export default function TicketErase({ loaderData, params }: Route.ComponentProps) {
  const erasing = useNavigation().state === "submitting";
  const { t } = useTranslation();
  if (loaderData.done)
    return (
      <MessagePage titleId="erase-title" title={t("erase.doneTitle")}>
        <p className="mt-3 text-gray-700">{t("erase.doneText")}</p>
        <Link to="/" className={`${BUTTON.secondary} mt-6 w-full`}>
          {t("common:backHome")}
        </Link>
      </MessagePage>
    );
  return (
    <MessagePage titleId="erase-title" title={t("erase.title")}>
      <p className="mt-3 text-gray-700">
        {t(loaderData.active ? "erase.textActive" : "erase.text", { name: loaderData.name, event: loaderData.event })}
      </p>
      <p className="mt-3 text-gray-700">
        {t("erase.copyFirst")}{" "}
        <a
          href={`/tickets/${encodeURIComponent(params.token)}/my-data.json`}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {t("ticket.downloadData")}
        </a>
      </p>
      <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="submit" disabled={erasing} className={BUTTON.danger}>
          {erasing ? t("erase.busy") : t("erase.confirm")}
        </button>
        <Link to={`/tickets/${encodeURIComponent(params.token)}`} className={BUTTON.secondary}>
          {t("erase.keep")}
        </Link>
      </Form>
    </MessagePage>
  );
}
