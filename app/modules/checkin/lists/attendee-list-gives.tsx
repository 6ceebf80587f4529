import { displayDateTime } from "~/ui/date-time";
import { DetailField } from "~/ui/detail-field";

// The check-in lists on an attendee's details page, under their check-in: each list given with
// its time, door and who gave it (a daily or "any number" list, each time).

type Give = { list: string; at: Date | string; door: string; by: string | null };

export function AttendeeListGives({ gives }: { gives: Give[] }) {
  if (gives.length === 0) return null;
  return (
    <DetailField label="Check-in lists">
      <ul className="space-y-1" data-testid="attendee-list-gives">
        {gives.map((give) => (
          <li key={`${give.list}${String(give.at)}`}>
            <span className="font-semibold">{give.list}</span>
            {`: ${displayDateTime(give.at)}`}
            <span className="block text-sm text-gray-600">
              {[give.door ? `at ${give.door}` : "", give.by ? `by ${give.by}` : ""].filter(Boolean).join(", ")}
            </span>
          </li>
        ))}
      </ul>
    </DetailField>
  );
}
