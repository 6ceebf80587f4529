import { Link } from "react-router";
import { DetailField } from "~/ui/detail-field";
import { FOCUS_RING } from "~/ui/styles";
import type { PersonOutreach } from "./person-outreach.server";

// Two lines of an attendee's details (Registration card): where they came from (a source, the
// attendee whose invite link they followed, or direct) and how many registered through their own link.

const LINK = `break-words text-brand-700 hover:underline ${FOCUS_RING}`;

export function PersonOutreachFields({ outreach }: { outreach: PersonOutreach }) {
  const came = outreach.cameThrough;
  return (
    <>
      <DetailField label="Came through">
        {came.kind === "source" ? (
          <>
            <Link to="/admin/outreach" className={LINK}>
              {came.name}
            </Link>
            {came.archived ? <span className="ml-1.5 text-sm text-gray-500">(archived source)</span> : null}
          </>
        ) : came.kind === "invite" ? (
          came.inviter ? (
            <>
              {"Invited by "}
              <Link to={`/admin/attendees/${came.inviter.id}`} className={LINK}>
                {came.inviter.name}
              </Link>
            </>
          ) : (
            "Invited by an attendee no longer registered"
          )
        ) : (
          <span className="text-gray-600">Direct / unknown</span>
        )}
      </DetailField>
      <DetailField label="Invited">
        <span data-testid="invited-count">
          {outreach.invited === 0
            ? "No one has registered through their invite link yet"
            : `${outreach.invited} ${outreach.invited === 1 ? "person" : "people"} registered through their invite link`}
        </span>
      </DetailField>
    </>
  );
}
