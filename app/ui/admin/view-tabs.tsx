import { Link } from "react-router";
import { FOCUS_RING } from "../styles";

// Links between views of one list (Registered · Cancelled · Waitlist), drawn as a segmented
// filter. Plain links: each view is its own URL, so it works without JavaScript and can be
// bookmarked; the current one is marked for screen readers (aria-current).

export type ViewTab = { to: string; label: string; count?: number };

export function ViewTabs({ label, tabs, current }: { label: string; tabs: ViewTab[]; current: string }) {
  return (
    <nav aria-label={label} className="overflow-x-auto">
      <ul className="inline-flex gap-1 rounded-xl bg-gray-100 p-1">
        {tabs.map((tab) => {
          const active = tab.to === current;
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={active ? "page" : undefined}
                className={`inline-flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-semibold ${FOCUS_RING} ${
                  active ? "bg-white text-brand-800 shadow-sm" : "text-gray-600 hover:text-gray-900"
                }`}
              >
                {tab.label}
                {tab.count === undefined ? null : (
                  <span className={`rounded-full px-2 text-xs ${active ? "bg-brand-100 text-brand-800" : "bg-gray-200 text-gray-700"}`}>
                    {tab.count.toLocaleString("en-US")}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
