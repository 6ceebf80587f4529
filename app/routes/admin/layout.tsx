import { Trans, useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, Outlet, type ShouldRevalidateFunctionArgs, type UIMatch, useLocation, useMatches } from "react-router";
import { requireStaff } from "~/modules/auth/session.server";
import { AUTH_MESSAGES, CHECKIN_HOME } from "~/modules/auth/session-policy";
import { siteName, useSiteName } from "~/root";
import { navItemFor } from "~/ui/admin/admin-nav";
import { AdminShell, type ShellWords } from "~/ui/admin/admin-shell";
import { FOCUS_RING } from "~/ui/styles";
import type { Route } from "./+types/layout";

// The admin area's frame. Its loader guards every admin page, but each page's
// own loader and action call requireAdmin too: React Router runs loaders in
// parallel, so a child must never rely on this one having run first.

export async function loader({ request }: Route.LoaderArgs) {
  const { admin } = await requireStaff(request);
  return { admin: { name: admin.name, email: admin.email, doorOnly: admin.role === "checkin" } };
}

/** The deepest page's `handle.title`, else the navigation entry for the path. */
function sectionTitle(matches: readonly Pick<UIMatch, "handle">[], pathname: string): string {
  for (const match of [...matches].reverse()) {
    const title = (match.handle as { title?: unknown } | undefined)?.title;
    if (typeof title === "string" && title) return title;
  }
  return navItemFor(pathname)?.label ?? "Admin";
}

// The door's check-ins, searches and walk-ins change nothing the layout shows (who is signed in),
// and the door must keep answering when the network drops (offline/door-route.ts,
// offline/walk-in-offline.ts): its own routes fall back to the device, and the layout keeps what
// it has instead of failing the page.
const DOOR_PATHS = new Set([CHECKIN_HOME, `${CHECKIN_HOME}/walk-in`]);
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return DOOR_PATHS.has(currentUrl.pathname) && DOOR_PATHS.has(nextUrl.pathname) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const title = sectionTitle(matches.filter(Boolean) as Pick<UIMatch, "handle">[], location.pathname);
  return [{ title: `${title} — Admin — ${siteName(matches[0]?.loaderData)}` }, { name: "robots", content: "noindex, nofollow" }];
};

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const { pathname } = useLocation();
  const door = useDoorShellWords(pathname);
  return (
    <AdminShell
      admin={loaderData.admin}
      title={door ? door.title : sectionTitle(matches, pathname)}
      siteName={useSiteName()}
      words={door?.words}
    >
      <Outlet />
    </AdminShell>
  );
}

/** The door's "Register a walk-in" (checkin/walk-in-screen.tsx): the door's words too. */
const WALK_IN_PAGE = "/admin/check-in/walk-in";

/**
 * The door's pages speak the volunteer's language to its edges (the title, the welcome, the menu,
 * Logout); the organisers' pages stay English. Null elsewhere. The door's catalogue is on those
 * pages only (i18n/page-language.ts), so its keys are asked for there and nowhere else.
 */
function useDoorShellWords(pathname: string): { title: string; words: ShellWords } | null {
  const { t } = useTranslation();
  const walkIn = pathname === WALK_IN_PAGE;
  if (pathname !== CHECKIN_HOME && !walkIn) return null;
  const title = walkIn ? t("door:walkIn.heading") : t("door:shell.title");
  return {
    title,
    words: {
      skip: t("door:shell.skip"),
      panel: t("door:shell.panel"),
      welcome: (name) => <Trans t={t} i18nKey="door:shell.welcome" values={{ name: "" }} components={{ name: <NameSlot name={name} /> }} />,
      viewSite: t("door:shell.viewSite"),
      logout: t("door:shell.logout"),
      menu: t("door:shell.menu"),
      nav: t("door:shell.nav"),
      navLabel: (to) => (to === CHECKIN_HOME ? t("door:shell.title") : undefined),
    },
  };
}

/** Where the welcome puts the name (Trans fills a component's children; the name comes whole). */
function NameSlot({ name }: { name: React.ReactNode; children?: React.ReactNode }) {
  return <>{name}</>;
}

/**
 * A page's error keeps the admin frame when the admin is known. A refused
 * request (a form posted after the session ended, or from another site) says so
 * and offers the sign-in page instead.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const siteName = useSiteName();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A check-in account on an organiser's page keeps its frame and is shown the way back.
  const checkinOnly = isRouteErrorResponse(error) && (error.data as { error?: string } | null)?.error === AUTH_MESSAGES.checkinOnly;
  const admin = (status === 401 || status === 403) && !checkinOnly ? null : (loaderData?.admin ?? null);

  const body =
    status === 401 ? (
      <ErrorCard title={AUTH_MESSAGES.unauthorized} text="Please sign in again to continue.">
        <Link to="/admin/login" className={ERROR_ACTION}>
          Go to sign in
        </Link>
      </ErrorCard>
    ) : checkinOnly ? (
      <ErrorCard title="Not available to this account" text={AUTH_MESSAGES.checkinOnly}>
        <Link to={CHECKIN_HOME} className={ERROR_ACTION}>
          Go to Check-in
        </Link>
      </ErrorCard>
    ) : status === 403 ? (
      <ErrorCard title="Request refused" text={AUTH_MESSAGES.crossOrigin}>
        <a href={pathname} className={ERROR_ACTION}>
          Reload the page
        </a>
      </ErrorCard>
    ) : status === 404 ? (
      <ErrorCard title="Not found" text="This item does not exist or has been deleted.">
        <Link to="/admin" className={ERROR_ACTION}>
          Back to Dashboard
        </Link>
      </ErrorCard>
    ) : (
      <ErrorCard title="Something went wrong" text="This page could not be loaded. Please try again in a moment.">
        <a href={pathname} className={ERROR_ACTION}>
          Try again
        </a>
      </ErrorCard>
    );
  if (!admin) return <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4">{body}</main>;
  return (
    <AdminShell admin={admin} title={navItemFor(pathname)?.label ?? "Admin"} siteName={siteName}>
      {body}
    </AdminShell>
  );
}

const ERROR_ACTION = `rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 ${FOCUS_RING}`;

function ErrorCard({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div role="alert" className="mx-auto max-w-md rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm">
      <h2 className="text-xl font-bold text-gray-900">{title}</h2>
      <p className="mt-2 text-gray-600">{text}</p>
      <div className="mt-6 flex justify-center">{children}</div>
    </div>
  );
}
