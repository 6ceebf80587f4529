import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { metaTranslator } from "~/i18n/meta";
import { invitationByLink, stopByLink } from "~/modules/invitations/withdraw.server";
import { requestSettings } from "~/modules/settings/request-settings.server";
import type { RouteHandle } from "~/root";
import { MessagePage } from "~/ui/message-page";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { BUTTON } from "~/ui/styles";
import type { Route } from "./+types/future-editions";

// /future-editions/<token>: the link in every invitation to a new edition. Opening it only asks
// (mail scanners open links: a GET never deletes); its button, or a mail program's one-click
// POST (List-Unsubscribe-Post, RFC 8058), deletes the opt-in and the page says it is done.
// Plain GET and POST, no framework JavaScript.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = await getDb();
  const found = await invitationByLink(db, params.token, getConfig().sessionSecret);
  if (!found) throw data("Not Found", { status: 404 });
  const event = (await requestSettings(context, db)).event_name;
  return data({ event, optIn: found.optIn }, { headers: PRIVATE_HEADERS });
}

export async function action({ params }: Route.ActionArgs) {
  // Whatever the body says (the page's button, or "List-Unsubscribe=One-Click"): the link is the proof.
  const outcome = await stopByLink(await getDb(), params.token, getConfig().sessionSecret);
  if (outcome === "invalid") throw data("Not Found", { status: 404 });
  return data({ stopped: true }, { headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTranslator(matches)("futureEditions.metaTitle") },
  { name: "robots", content: "noindex" },
];

export default function FutureEditions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { optIn, event } = loaderData;
  if (actionData?.stopped || !optIn)
    return (
      <MessagePage titleId="future-editions-title" title={t("futureEditions.doneTitle")}>
        <p role="status" className="mt-3 text-gray-700">
          {t("futureEditions.doneText")}
        </p>
        <Link to="/" className={`${BUTTON.secondary} mt-6 w-full`}>
          {t("common:backHome")}
        </Link>
      </MessagePage>
    );
  return (
    <MessagePage titleId="future-editions-title" title={t("futureEditions.title")}>
      <p className="mt-3 text-gray-700">{t("futureEditions.text", { name: optIn.fullName, email: optIn.email, event })}</p>
      <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="submit" className={BUTTON.primary}>
          {t("futureEditions.confirm")}
        </button>
        <Link to="/" className={BUTTON.secondary}>
          {t("futureEditions.keep")}
        </Link>
      </Form>
    </MessagePage>
  );
}
