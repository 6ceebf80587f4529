import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { metaTranslator } from "~/i18n/meta";
import { CorrectionsClosed } from "~/modules/corrections/corrections-card";
import { selfCorrectionAction, selfCorrectionPage } from "~/modules/corrections/self-correction.server";
import { DetailsFields } from "~/modules/person/details-fields";
import type { RouteHandle } from "~/root";
import { CardLanguageSwitch } from "~/ui/language-switch";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { readForm } from "~/ui/read-form.server";
import { BUTTON } from "~/ui/styles";
import type { Route } from "./+types/ticket-details";

// /tickets/<token>/details: "Correct my details", from the person's own link. A plain form (no
// framework JavaScript, like the ticket page, ADR 015), in the page's language; saved, it goes
// back to the ticket page (by its new link when the phone changed) with a confirmation.

export const handle: RouteHandle = { hydrate: false };

const ticketHref = (token: string) => `/tickets/${encodeURIComponent(token)}`;

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = await selfCorrectionPage(await getDb(), params.token, getConfig().sessionSecret, requestLanguage(request));
  // Not an active registration's own link (a door code, cancelled, a past edition, replaced): its ticket page says what it is.
  if (!page) throw redirect(ticketHref(params.token));
  return data(page, { headers: PRIVATE_HEADERS });
}

export async function action({ params, request }: Route.ActionArgs) {
  const answer = await selfCorrectionAction(await getDb(), params.token, getConfig().sessionSecret, await readForm(request));
  if (answer.status === "saved") {
    return redirect(`${ticketHref(answer.token)}?corrected=1#corrections`);
  }
  if (answer.status === "invalid") return data(answer, { status: 400, headers: PRIVATE_HEADERS });
  if (answer.status === "taken") return data({ ...answer, errors: { phone: ["corrections.phoneTaken"] } }, { status: 409 });
  if (answer.status === "limit") return data({ ...answer, errors: { fullName: ["corrections.limit"] } }, { status: 429 });
  // Closed or locked meanwhile, or gone: the ticket page says so.
  return redirect(ticketHref(params.token));
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTranslator(matches)("corrections.metaTitle") },
  { name: "robots", content: "noindex" },
];

export default function TicketDetails({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation("public");
  const { corrections, values, ticketId } = loaderData;
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const typed = actionData && "values" in actionData ? actionData.values : values;
  return (
    <main className="min-h-screen bg-gray-50 px-4 py-8 sm:py-12">
      <CardLanguageSwitch />
      <article aria-labelledby="details-title" className="mx-auto max-w-2xl rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        <p className="text-xs font-semibold uppercase tracking-widest text-gray-500">{ticketId}</p>
        <h1 id="details-title" className="mt-2 text-2xl font-bold text-gray-900">
          {t("corrections.title")}
        </h1>
        {corrections.state === "open" ? (
          <>
            <p className="mt-3 text-gray-700">{t("corrections.intro")}</p>
            <p className="mt-2 text-sm text-gray-600">{t("corrections.until", { date: corrections.closesAt })}</p>
            {values.email ? <p className="mt-2 text-sm text-gray-600">{t("corrections.emailNote", { email: values.email })}</p> : null}
            {errors ? (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
                {t("corrections.errorSummary")}
              </p>
            ) : null}
            <Form method="post" className="mt-6 space-y-6" noValidate>
              <DetailsFields values={typed} errors={errors} />
              <div className="flex flex-col gap-3 sm:flex-row">
                <button type="submit" className={BUTTON.primary}>
                  {t("corrections.save")}
                </button>
                <Link to={ticketHref(params.token)} className={BUTTON.secondary}>
                  {t("corrections.back")}
                </Link>
              </div>
            </Form>
          </>
        ) : (
          <>
            <p className="mt-3 text-gray-700">
              <CorrectionsClosed state={corrections} />
            </p>
            <Link to={ticketHref(params.token)} className={`${BUTTON.secondary} mt-6`}>
              {t("corrections.back")}
            </Link>
          </>
        )}
      </article>
    </main>
  );
}
