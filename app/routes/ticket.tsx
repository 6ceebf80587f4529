import { data } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { metaTranslator } from "~/i18n/meta";
import { TicketPageView } from "~/modules/tickets/ticket-page-view";
import { ticketPage } from "~/modules/tickets/tickets.server";
import type { RouteHandle } from "~/root";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import type { Route } from "./+types/ticket";

// The page is reachable by anyone holding the link: keep it out of shared caches and search engines.
// The ticket page ships no framework JavaScript on a first visit (ADR 015): it is what people
// open at the door, often on a weak signal. Everything on it is a link or a plain form.
export const handle: RouteHandle = { hydrate: false };

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = await ticketPage(await getDb(), params.token, getConfig().sessionSecret, requestLanguage(request));
  // Forged, malformed or deleted: the root boundary renders the 404 page.
  if (!page) throw data("Not Found", { status: 404 });
  return data(page, { headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: metaTranslator(matches)(
      !loaderData ? "ticket.metaNotFound" : loaderData.state === "door-code" ? "ticket.metaDoorCode" : "ticket.metaTitle",
      { name: loaderData && "event" in loaderData ? (loaderData.event?.name ?? "") : "" },
    ),
  },
  { name: "robots", content: "noindex" },
];

export default function Ticket({ loaderData }: Route.ComponentProps) {
  return <TicketPageView page={loaderData} />;
}
