import { Link } from "react-router";
import type { RetentionNotice } from "~/modules/attendees/retention.server";
import { POSTPONE_DAYS } from "~/modules/settings/purge-schedule";
import { daysLabel, displayDate } from "~/ui/date-time";
import { Notice } from "~/ui/notice";
import { BUTTON } from "~/ui/styles";

// The dashboard's and Event Settings' word on retention (Event Settings → Delete personal data
// after the event): from two weeks before the deletion a warning that says how many people and
// when, with the way to keep a copy and to postpone it; afterwards a calm note that the figures
// are now anonymous totals.

// The attendee CSV (attendees screen → Export CSV → Export all), a plain download.
const EXPORT_ALL = "/admin/attendees/export.csv";
const link = "font-semibold underline underline-offset-2";

const Day = ({ value }: { value: Date }) => <time dateTime={new Date(value).toISOString()}>{displayDate(value)}</time>;

/** Where the banner's Postpone posts (the dashboard's action); `back` is the page to return to. */
const POSTPONE_PURGE_ACTION = "/admin?index";
export const POSTPONE_PURGE_INTENT = "postpone-purge";

const people = (n: number) => (n === 1 ? "1 person" : `${n.toLocaleString("en-US")} people`);

export function RetentionBanner({ notice, back = "/admin" }: { notice: RetentionNotice; back?: string }) {
  if (notice.state === "due-soon") {
    return (
      <Notice tone="warning" testId="retention-notice">
        <p>
          Personal data of {people(notice.people)} will be deleted on <Day value={notice.deadline} /> ({daysLabel(notice.days)} after the
          event, as set in{" "}
          <Link to="/admin/settings" className={link}>
            Event Settings
          </Link>
          ).{" "}
          <a href={EXPORT_ALL} download className={link}>
            Download the attendee CSV
          </a>{" "}
          before then. If the event date is wrong, correct it first: nothing is deleted sooner than a week after a change.
        </p>
        {notice.postponable ? (
          <form method="post" action={POSTPONE_PURGE_ACTION} className="mt-2">
            <input type="hidden" name="intent" value={POSTPONE_PURGE_INTENT} />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className={`${BUTTON.secondary} text-sm`}>
              {`Postpone the deletion by ${POSTPONE_DAYS} days`}
            </button>
          </form>
        ) : null}
      </Notice>
    );
  }
  if (notice.state === "purged") {
    return (
      <Notice tone="info" testId="retention-notice">
        Personal data was deleted on <Day value={notice.at} />, as set in{" "}
        <Link to="/admin/settings" className={link}>
          Event Settings
        </Link>
        ; the figures are anonymous totals.
      </Notice>
    );
  }
  return null;
}
