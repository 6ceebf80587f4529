import { useCallback, useState } from "react";
import { data, useLocation, useNavigate } from "react-router";
import { getConfig } from "~/config.server";
import { logger } from "~/logger.server";
import { attendeeAction, pageUrl } from "~/modules/attendees/actions.server";
import { AttendeeDetailsView } from "~/modules/attendees/attendee-details-view";
import { ConfirmDeleteModal } from "~/modules/attendees/attendee-ui";
import { getAttendeeDetails } from "~/modules/attendees/attendees.server";
import { CONFIRM_DELETE_PARAM } from "~/modules/attendees/messages";
import { attendeeQueryString, parseAttendeeQuery } from "~/modules/attendees/schemas";
import { requireAdmin } from "~/modules/auth/session.server";
import { ticketPageUrl } from "~/modules/tickets/ticket-email.server";
import { signTicketToken } from "~/modules/tickets/ticket-token.server";
import type { Route } from "./+types/attendee-details";

// /admin/attendees/:id. Its query string is the list's (q, gender, state, page), so
// "Back to Attendees" and a delete return to the list as it was.

export const handle = { title: "Attendees" };

function ticketUrlFor(ticketId: string): string | null {
  const config = getConfig();
  try {
    return ticketPageUrl(config.publicUrl, signTicketToken(ticketId, config.sessionSecret));
  } catch (error) {
    // An imported ticket ID outside the signed format has no ticket page.
    logger().warn({ err: error, ticketId }, "no ticket page for this ticket ID");
    return null;
  }
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const details = await getAttendeeDetails(db, params.id);
  if (!details) throw data("Attendee not found", { status: 404 });
  const listSearch = attendeeQueryString(parseAttendeeQuery(url.searchParams));
  return {
    ...details,
    ticketUrl: ticketUrlFor(details.attendee.ticket_id),
    listSearch,
    confirming: url.searchParams.get(CONFIRM_DELETE_PARAM) === details.attendee.id,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  const here = pageUrl(url);
  const list = `/admin/attendees${attendeeQueryString(parseAttendeeQuery(url.searchParams))}`;
  return attendeeAction(db, admin, await request.formData(), { afterResend: here, afterDelete: list, onError: here });
}

export default function AttendeeDetails({ loaderData }: Route.ComponentProps) {
  const { attendee, checkIn, mail, ticketUrl, listSearch, confirming } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // New data (after a resend, or a failed delete) closes the modal opened with JavaScript.
  const [shown, setShown] = useState(loaderData);
  if (shown !== loaderData) {
    setShown(loaderData);
    setOpen(false);
  }
  const here = `/admin/attendees/${attendee.id}${listSearch}`;
  const close = useCallback(() => {
    setOpen(false);
    if (new URLSearchParams(location.search).has(CONFIRM_DELETE_PARAM)) navigate(here, { replace: true, preventScrollReset: true });
  }, [location.search, navigate, here]);

  return (
    <>
      <AttendeeDetailsView
        attendee={attendee}
        checkIn={checkIn}
        mail={mail}
        ticketUrl={ticketUrl}
        backHref={`/admin/attendees${listSearch}`}
        action={here}
        confirmHref={`/admin/attendees/${attendee.id}${attendeeQueryString(parseQuery(listSearch), { [CONFIRM_DELETE_PARAM]: attendee.id })}`}
        onDelete={() => setOpen(true)}
      />
      {open || confirming ? <ConfirmDeleteModal attendee={attendee} action={here} cancelHref={here} onClose={close} /> : null}
    </>
  );
}

function parseQuery(search: string) {
  return parseAttendeeQuery(new URLSearchParams(search));
}
