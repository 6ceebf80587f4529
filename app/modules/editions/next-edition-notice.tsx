import { Link } from "react-router";
import { formatEventDate } from "~/modules/settings/event-time";
import { Notice } from "~/ui/notice";
import { BUTTON } from "~/ui/styles";

// Shown on Event Settings and Event Operations once the current edition is over: next year's
// summit is a new edition, not a new date for this one.

export function NextEditionNotice({ offer }: { offer: { edition: string; eventDate: string } | null }) {
  if (!offer) return null;
  return (
    <Notice tone="info" testId="next-edition-offer">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>
          The {offer.edition} took place on {formatEventDate(offer.eventDate)}. For next year's summit, start the next edition: this one is
          archived with its figures, and registration starts again from 0.
        </p>
        <Link to="/admin/editions/new" className={`${BUTTON.primary} shrink-0`}>
          Start the Next Edition
        </Link>
      </div>
    </Notice>
  );
}
