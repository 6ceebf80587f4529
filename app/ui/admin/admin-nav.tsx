import { NavLink } from "react-router";
import { Svg } from "~/ui/icons";
import { FOCUS_RING } from "~/ui/styles";

// The admin side navigation: Dashboard is active only
// on exact /admin (`end`), every other section on its path prefix.

type Icon = (props: { className?: string }) => React.ReactElement;

function svg(paths: React.ReactNode): Icon {
  return ({ className = "h-5 w-5" }) => <Svg className={className}>{paths}</Svg>;
}

const DashboardIcon = svg(
  <>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </>,
);
const UsersIcon = svg(
  <>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
  </>,
);
const MicIcon = svg(
  <>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M19 10v1a7 7 0 0 1-14 0v-1M12 18v4M8 22h8" />
  </>,
);
const StarIcon = svg(<path d="m12 2 3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2Z" />);
const ListIcon = svg(
  <>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18M8 14h8M8 18h5" />
  </>,
);
const HandshakeIcon = svg(
  <>
    <path d="m11 17 2 2a1 1 0 1 0 3-3" />
    <path d="m14 14 2.5 2.5a1 1 0 1 0 3-3l-3.88-3.88a3 3 0 0 0-4.24 0l-.88.88a1 1 0 1 1-3-3l2.81-2.81a5.79 5.79 0 0 1 7.06-.87l.47.28a2 2 0 0 0 1.42.25L21 4" />
    <path d="m21 3 1 11h-2M3 3 2 14l6.5 6.5a1 1 0 1 0 3-3M3 4h8" />
  </>,
);
const MegaphoneIcon = svg(
  <>
    <path d="m3 11 15-6v14L3 13v-2Z" />
    <path d="M11.6 16.8a3 3 0 1 1-5.8-1.6" />
    <path d="M21 9v6" />
  </>,
);
const ActivityIcon = svg(<path d="M22 12h-4l-3 9L9 3l-3 9H2" />);
const SettingsIcon = svg(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 4.68 15a1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9 4.68a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 19.4 9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1Z" />
  </>,
);
const LockIcon = svg(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
const LogListIcon = svg(<path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />);
const FeedbackIcon = svg(
  <>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    <path d="M8 9h8M8 13h5" />
  </>,
);
const ScanIcon = svg(
  <>
    <path d="M3 7V5a2 2 0 0 1 2-2h2M17 3h2a2 2 0 0 1 2 2v2M21 17v2a2 2 0 0 1-2 2h-2M7 21H5a2 2 0 0 1-2-2v-2" />
    <path d="M7 12h10" />
  </>,
);

/** `door`: also shown to an account for the door (check-in only). */
export type AdminNavItem = { to: string; label: string; icon: Icon; end?: boolean; door?: boolean };

const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", icon: DashboardIcon, end: true },
  { to: "/admin/attendees", label: "Attendees", icon: UsersIcon },
  { to: "/admin/speakers", label: "Speakers", icon: MicIcon },
  { to: "/admin/special-guests", label: "Special Guests", icon: StarIcon },
  { to: "/admin/agenda", label: "Agenda", icon: ListIcon },
  { to: "/admin/partners", label: "Partners", icon: HandshakeIcon },
  { to: "/admin/outreach", label: "Outreach", icon: MegaphoneIcon },
  { to: "/admin/operations", label: "Event Operations", icon: ActivityIcon },
  { to: "/admin/check-in", label: "Check-in", icon: ScanIcon, door: true },
  { to: "/admin/feedback", label: "Feedback", icon: FeedbackIcon },
  { to: "/admin/settings", label: "Event Settings", icon: SettingsIcon },
  { to: "/admin/activity", label: "Activity", icon: LogListIcon },
  { to: "/admin/security", label: "Account security", icon: LockIcon },
];

/** The nav item a path belongs to (exact for the dashboard, by prefix for the rest). */
export function navItemFor(pathname: string): AdminNavItem | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return ADMIN_NAV.find((item) => (item.end ? path === item.to : path === item.to || path.startsWith(`${item.to}/`)));
}

export function AdminNavList({ doorOnly = false, labelFor }: { doorOnly?: boolean; labelFor?: (to: string) => string | undefined }) {
  return (
    <ul className="space-y-1">
      {ADMIN_NAV.filter((item) => !doorOnly || item.door).map(({ to, label, icon: ItemIcon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            prefetch="intent"
            className={({ isActive }) =>
              `group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${FOCUS_RING} ${
                isActive ? "bg-brand-700 text-white shadow-sm" : "text-gray-700 hover:bg-brand-50 hover:text-brand-800"
              }`
            }
          >
            {({ isActive }) => (
              <>
                <ItemIcon className={`h-5 w-5 shrink-0 ${isActive ? "text-white" : "text-gray-400 group-hover:text-brand-700"}`} />
                <span>{labelFor?.(to) ?? label}</span>
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
