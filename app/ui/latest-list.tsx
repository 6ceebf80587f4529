// The latest few of something listed on an admin page (the tickets let in at two doors, the
// gives made twice, the walk-ins registered twice): a bold name over one line each, and "The
// latest 10 of 42." when there are more than shown. English: the admin pages are.

const n = (value: number) => value.toLocaleString("en-US");

export type LatestRow = { key: string; title: string; line: string };

export function LatestList({
  rows,
  total,
  testId,
  compact = false,
}: {
  rows: LatestRow[];
  total: number;
  testId: string;
  compact?: boolean;
}) {
  return (
    <>
      <ul className={`divide-y divide-gray-100 ${compact ? "mt-1" : ""}`} data-testid={testId}>
        {rows.map((row) => (
          <li key={row.key} className={`${compact ? "py-1.5" : "py-2"} text-sm text-gray-700`}>
            <span className="block font-medium text-gray-900">{row.title}</span>
            {row.line}
          </li>
        ))}
      </ul>
      {total > rows.length ? (
        <p className={`${compact ? "mt-1" : "mt-2"} text-xs text-gray-500`}>{`The latest ${n(rows.length)} of ${n(total)}.`}</p>
      ) : null}
    </>
  );
}
