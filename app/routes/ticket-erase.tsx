import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { eraseBySelfService, registrationBySelfServiceToken } from "~/modules/attendees/personal-data.server";
import { ticketPage } from "~/modules/tickets/tickets.server";
import { MessagePage } from "~/ui/message-page";
import { BUTTON } from "~/ui/styles";
import type { Route } from "./+types/ticket-erase";

// /tickets/<token>/delete-my-data: the confirmation before a holder erases everything stored
// about them (their right under the NDPA); then the page says it is done.

const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params, url }: Route.LoaderArgs) {
  // After the erasure there is nothing left to look up: the page only says it is done.
  if (url.searchParams.get("done") === "1") return data({ done: true as const }, { headers: PRIVATE_HEADERS });
  const page = await ticketPage(await getDb(), params.token, getConfig().sessionSecret);
  if (!page || page.state === "door-code") throw data("Not Found", { status: 404 });
  return data(
    { done: false as const, name: page.ticket.fullName, event: page.event.name, active: page.state === "active" },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ params }: Route.ActionArgs) {
  const db = await getDb();
  const reach = await registrationBySelfServiceToken(db, params.token, getConfig().sessionSecret);
  if (!reach || !(await eraseBySelfService(db, reach))) throw data("Not Found", { status: 404 });
  return redirect(`/tickets/${encodeURIComponent(params.token)}/delete-my-data?done=1`);
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = () => [{ title: "Delete my data" }, { name: "robots", content: "noindex" }];

export default function TicketErase({ loaderData, params }: Route.ComponentProps) {
  const erasing = useNavigation().state === "submitting";
  if (loaderData.done)
    return (
      <MessagePage titleId="erase-title" title="Your data is deleted">
        <p className="mt-3 text-gray-700">
          Everything this site stored about you is gone: your registration, any you cancelled, and the e-mails sent to you. Your seat has
          gone back to others.
        </p>
        <Link to="/" className={`${BUTTON.secondary} mt-6 w-full`}>
          Back to Home
        </Link>
      </MessagePage>
    );
  return (
    <MessagePage titleId="erase-title" title="Delete my data?">
      <p className="mt-3 text-gray-700">
        {`${loaderData.name}, this erases everything ${loaderData.event} stores about you: your registration${loaderData.active ? " (your seat goes to someone else and your ticket stops working)" : ""}, any registrations you cancelled, and the record of e-mails sent to you. It cannot be undone.`}
      </p>
      <p className="mt-3 text-gray-700">
        Want a copy first?{" "}
        <a
          href={`/tickets/${encodeURIComponent(params.token)}/my-data.json`}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Download my data
        </a>
      </p>
      <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="submit" disabled={erasing} className={BUTTON.danger}>
          {erasing ? "Deleting…" : "Yes, delete my data"}
        </button>
        <Link to={`/tickets/${encodeURIComponent(params.token)}`} className={BUTTON.secondary}>
          Keep my data
        </Link>
      </Form>
    </MessagePage>
  );
}
