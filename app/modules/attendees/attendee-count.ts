import { formatNumber } from "~/i18n/format";

// The line above the attendee list saying what it shows: the range of this page when there are
// several ("Showing 51–100 of 10,000 attendees", not "Showing 10000 of 10000"), how many match a
// filter and how many there are in all, numbers grouped as organisers read them.

// The admin is English: the i18n kit's cached formatter, in English.
const number = (value: number) => formatNumber("en", value);

export function attendeeCountLine({
  total,
  grandTotal,
  page,
  shown,
  pageSize,
}: {
  /** how many match the filter */
  total: number;
  /** how many are registered */
  grandTotal: number;
  page: number;
  /** rows on this page */
  shown: number;
  pageSize: number;
}): string {
  const filtered = total !== grandTotal;
  const of = filtered ? `${number(total)} matching attendees (${number(grandTotal)} in all)` : `${number(grandTotal)} attendees`;
  if (total <= pageSize || shown === 0)
    return filtered ? `Showing ${number(total)} of ${number(grandTotal)} attendees` : `Showing ${number(total)} of ${of}`;
  const from = (page - 1) * pageSize + 1;
  return `Showing ${number(from)}–${number(from + shown - 1)} of ${of}`;
}
