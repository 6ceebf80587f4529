import { Card } from "~/ui/card";
import { LatestList } from "~/ui/latest-list";
import type { DoorsOverview } from "./doors-overview.server";

// The Doors panel on Event Operations: check-ins per door, and the tickets let in at two doors
// while one of them was offline (both admissions are kept; the first one counts).

const n = (value: number) => value.toLocaleString("en-US");

export function DoorsPanel({ doors }: { doors: DoorsOverview }) {
  const { conflicts } = doors;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Card title="Doors" level={2}>
        {doors.doors.length === 0 ? (
          <p className="text-sm text-gray-600">No check-ins yet.</p>
        ) : (
          <dl className="divide-y divide-gray-100" data-testid="door-counts">
            {doors.doors.map((d) => (
              <div key={d.door} className="flex items-center justify-between gap-3 py-2 text-sm">
                <dt className={d.door === "" ? "text-gray-500 italic" : "font-medium text-gray-700"}>{d.label}</dt>
                <dd className="font-semibold text-gray-900 tabular-nums">{n(d.count)}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
      <Card title="Conflicts" level={2}>
        {conflicts.rows.length === 0 ? (
          <p className="text-sm text-gray-600">No conflicts: no ticket was admitted at two doors.</p>
        ) : (
          <>
            {/* A ticket let in at three doors has two lines; a door appears once per ticket, so each line differs. */}
            <LatestList
              rows={conflicts.rows.map((c) => ({ key: c.line, title: c.full_name, line: c.line }))}
              total={conflicts.total}
              testId="door-conflicts"
            />
          </>
        )}
      </Card>
    </div>
  );
}
