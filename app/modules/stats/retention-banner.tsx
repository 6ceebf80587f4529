import { Link } from "react-router";
import type { RetentionNotice } from "~/modules/attendees/retention.server";
import { daysLabel, displayDate } from "~/ui/date-time";
import { Notice } from "~/ui/notice";

// The dashboard's word on retention (Event Settings → Delete personal data after the event):
// from two weeks before the deletion a warning with the way to keep a copy, afterwards a
// calm note that the figures are now anonymous totals.

// The attendee CSV (attendees screen → Export CSV → Export all), a plain download.
const EXPORT_ALL = "/admin/attendees/export.csv";
const link = "font-semibold underline underline-offset-2";

const Day = ({ value }: { value: Date }) => <time dateTime={new Date(value).toISOString()}>{displayDate(value)}</time>;

export function RetentionBanner({ notice }: { notice: RetentionNotice }) {
  if (notice.state === "due-soon") {
    return (
      <Notice tone="warning" testId="retention-notice">
        Personal data will be deleted on <Day value={notice.deadline} /> ({daysLabel(notice.days)} after the event).{" "}
        <a href={EXPORT_ALL} download className={link}>
          Download the attendee CSV
        </a>{" "}
        before then.
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
