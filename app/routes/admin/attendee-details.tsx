import { data } from "react-router";
import { attendeeAction, pageUrl } from "~/modules/attendees/actions.server";
import { AttendeeDetailsView } from "~/modules/attendees/attendee-details-view";
import { ConfirmDeleteModal } from "~/modules/attendees/attendee-ui";
import { getAttendeeDetails } from "~/modules/attendees/attendees.server";
import { CONFIRM_DELETE_PARAM } from "~/modules/attendees/messages";
import { attendeeQueryString, parseAttendeeQuery } from "~/modules/attendees/schemas";
import { WalkInField } from "~/modules/attendees/walk-in-field";
import { requireAdmin } from "~/modules/auth/session.server";
import { AttendeeListGives } from "~/modules/checkin/lists/attendee-list-gives";
import { attendeeListGives } from "~/modules/checkin/lists/attendee-lists.server";
import { personOutreach } from "~/modules/outreach/person-outreach.server";
import { PersonOutreachFields } from "~/modules/outreach/person-outreach-fields";
import { ticketLinkKeys, ticketPageUrlForRegistration } from "~/modules/tickets/ticket-link.server";
import { readForm } from "~/ui/read-form.server";
import { useRouteModal } from "~/ui/use-route-modal";
import type { Route } from "./+types/attendee-details";

// /admin/attendees/:id. Its query string is the list's (q, gender, state, page), so
// "Back to Attendees" and a delete return to the list as it was.

export const handle = { title: "Attendees" };

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const details = await getAttendeeDetails(db, params.id);
  if (!details) throw data("Attendee not found", { status: 404 });
  const listSearch = attendeeQueryString(parseAttendeeQuery(url.searchParams));
  return {
    ...details,
    ticketUrl: ticketPageUrlForRegistration(details.attendee.id, ticketLinkKeys(), details.attendee.token_version),
    outreach: await personOutreach(db, details.attendee),
    listGives: await attendeeListGives(db, details.attendee.id),
    listSearch,
    confirming: url.searchParams.get(CONFIRM_DELETE_PARAM) === details.attendee.id,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  const here = pageUrl(url);
  const list = `/admin/attendees${attendeeQueryString(parseAttendeeQuery(url.searchParams))}`;
  return attendeeAction(db, admin, await readForm(request), { afterResend: here, afterDelete: list, onError: here });
}

export default function AttendeeDetails({ loaderData }: Route.ComponentProps) {
  const { attendee, checkIn, mail, ticketUrl, listSearch, confirming, cancelledAt, outreach } = loaderData;
  const here = `/admin/attendees/${attendee.id}${listSearch}`;
  const deleting = useRouteModal({ param: CONFIRM_DELETE_PARAM, closeHref: here, fromUrl: confirming ? attendee : null, data: loaderData });

  return (
    <>
      <AttendeeDetailsView
        attendee={attendee}
        cancelledAt={cancelledAt}
        checkIn={checkIn}
        mail={mail}
        ticketUrl={ticketUrl}
        registrationMore={
          <>
            <WalkInField walkIn={loaderData.walkIn} />
            <PersonOutreachFields outreach={outreach} />
          </>
        }
        checkInMore={<AttendeeListGives gives={loaderData.listGives} />}
        editHref={`/admin/attendees/${attendee.id}/edit`}
        backHref={cancelledAt ? "/admin/attendees/cancelled" : `/admin/attendees${listSearch}`}
        action={here}
        confirmHref={`/admin/attendees/${attendee.id}${attendeeQueryString(parseQuery(listSearch), { [CONFIRM_DELETE_PARAM]: attendee.id })}`}
        onDelete={() => deleting.open(attendee)}
      />
      {deleting.target ? <ConfirmDeleteModal attendee={deleting.target} action={here} cancelHref={here} onClose={deleting.close} /> : null}
    </>
  );
}

function parseQuery(search: string) {
  return parseAttendeeQuery(new URLSearchParams(search));
}
