import { data } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { metaTranslator } from "~/i18n/meta";
import { formatEventHours } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { waitlistPageAction } from "~/modules/waitlist/actions.server";
import { offerDeadline } from "~/modules/waitlist/offer-deadline.server";
import { waitlistEntryByToken } from "~/modules/waitlist/offers.server";
import { WaitlistPageView } from "~/modules/waitlist/waitlist-page-view";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { readForm } from "~/ui/read-form.server";
import type { Route } from "./+types/waitlist";

// /waitlist/<token>: a person's place on the waitlist, from the link in their e-mails. While
// waiting it shows the place in line; with an offer, Claim and Decline; after, what happened.
// Declining and leaving ask once more (?confirm=…). Plain GET and POST, no JavaScript needed.

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = await getDb();
  const url = new URL(request.url);
  const found = await waitlistEntryByToken(db, params.token, getConfig().sessionSecret);
  const language = requestLanguage(request);
  const settings = localizedSettings(await getSettings(db), language);
  // Dates are written on the server: phones' browsers often lack Hausa's calendar words.
  const date = formatEventDate(settings.event_date, language);
  const event = { name: settings.event_name, date, time: formatEventHours(settings), venue: settings.venue };
  if (!found) {
    // The entry is gone once its person left: say so on the page they were sent to.
    if (url.searchParams.get("left") === "1") return data({ event, left: true as const, view: null }, { headers: PRIVATE_HEADERS });
    throw data("Not Found", { status: 404 });
  }
  const { entry, position, ticketToken } = found;
  const confirm = url.searchParams.get("confirm");
  return data(
    {
      event,
      left: false as const,
      view: {
        name: entry.full_name,
        // Someone who joined by USSD has no address: their offer comes by SMS.
        email: entry.email,
        phone: entry.phone,
        status: entry.status,
        position,
        deadline: entry.offer_expires_at ? offerDeadline(entry.offer_expires_at, language) : null,
        ticketHref: ticketToken ? `/tickets/${encodeURIComponent(ticketToken)}` : null,
        confirm: confirm === "decline" || confirm === "leave" ? (confirm as "decline" | "leave") : null,
      },
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ params, request }: Route.ActionArgs) {
  return waitlistPageAction(params.token, await readForm(request));
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ data: page, matches }) => [
  { title: metaTranslator(matches)("waitlistPage.metaTitle", { name: page?.event.name ?? "Youth Summit" }) },
  { name: "robots", content: "noindex" },
];

export default function WaitlistPage({ loaderData, actionData, params }: Route.ComponentProps) {
  return <WaitlistPageView page={loaderData} error={actionData?.error} token={params.token} />;
}
