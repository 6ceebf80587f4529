import { Link } from "react-router";
import type { RegistrationChannel } from "~/db/person-columns";
import { displayDate } from "~/ui/date-time";
import type { RecentRegistration } from "./dashboard.server";

// The 5 latest registrations: initial, full name, e-mail, date, state or N/A.

// FCT_NAME of person/nigeria.ts (a test keeps them equal); importing it would bring all 774 LGAs along.
export const FCT_FULL_NAME = "Federal Capital Territory";

/** "FCT" for the Federal Capital Territory, where a full name would crowd a narrow column. */
export function shortStateName(name: string): string {
  return name === FCT_FULL_NAME ? "FCT" : name;
}

/** Where someone without an e-mail address registered. */
const WITHOUT_EMAIL: Record<RegistrationChannel, string> = {
  web: "No e-mail",
  ussd: "Registered by USSD",
  door: "Registered at the door",
  whatsapp: "Registered on WhatsApp",
};

function StateName({ name }: { name: string }) {
  const short = shortStateName(name);
  return short === name ? name : <abbr title={name}>{short}</abbr>;
}

export function RecentRegistrations({ registrations }: { registrations: RecentRegistration[] }) {
  return (
    <section aria-labelledby="recent-heading" className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="recent-heading" className="text-lg font-semibold text-gray-900">
          Recent Registrations
        </h2>
        <Link to="/admin/attendees" className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          View all
        </Link>
      </div>
      {registrations.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-gray-200 py-10 text-center text-sm text-gray-500">
          No recent registrations
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-100" data-testid="recent-registrations">
          {registrations.map((r) => (
            <li key={`${r.full_name}-${String(r.created_at)}`} className="flex items-center gap-3 py-3">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
              >
                {r.full_name.trim().charAt(0).toUpperCase() || "?"}
              </span>
              {/* name | date over e-mail | state: the name gets the width, the short columns keep theirs */}
              <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 text-sm">
                <p className="truncate text-base font-medium text-gray-900" title={r.full_name}>
                  {r.full_name}
                </p>
                <p className="text-right text-gray-700">
                  <time dateTime={new Date(r.created_at).toISOString()}>{displayDate(r.created_at)}</time>
                </p>
                <p className="truncate text-gray-500" title={r.email ?? undefined}>
                  {r.email ?? WITHOUT_EMAIL[r.channel]}
                </p>
                <p className="text-right text-gray-500">{r.state ? <StateName name={r.state} /> : "N/A"}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
