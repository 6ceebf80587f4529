import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { MenuIcon, Svg } from "~/ui/icons";
import { FOCUS_RING } from "~/ui/styles";
import { AdminNavList } from "./admin-nav";

// The frame around every admin page: side navigation (a <details> menu on
// phones, which opens and closes without JavaScript), a header with the section
// title and a welcome line, the account card with the logout button, and a
// progress bar while a page loads.

/** `doorOnly`: an account for the door, which sees only the pages marked for it. */
type ShellAdmin = { name: string; email: string; doorOnly?: boolean };

/**
 * The frame's words. English on the organisers' pages; the door's page gives them in the
 * volunteer's language (routes/admin/layout.tsx), so a door in Hausa is Hausa to its edges.
 */
export type ShellWords = {
  skip: string;
  panel: string;
  welcome: (name: React.ReactNode) => React.ReactNode;
  viewSite: string;
  logout: string;
  menu: string;
  nav: string;
  /** a navigation entry's label in these words, where it has one */
  navLabel?: (to: string) => string | undefined;
};

const ENGLISH: ShellWords = {
  skip: "Skip to main content",
  panel: "Admin Panel",
  welcome: (name) => <>Welcome back, {name}</>,
  viewSite: "View site",
  logout: "Logout",
  menu: "Menu",
  nav: "Admin",
};

export function AdminShell({
  admin,
  title,
  siteName,
  words = ENGLISH,
  children,
}: {
  admin: ShellAdmin | null;
  title: string;
  siteName: string;
  words?: ShellWords;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const loadingPage = navigation.state === "loading" && !navigation.formMethod;
  return (
    <div className="min-h-screen bg-gray-50">
      <a
        href="#admin-main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[110] focus:outline-2 focus:outline-brand-600"
      >
        {words.skip}
      </a>
      {navigation.state !== "idle" ? <ProgressBar /> : null}

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-gray-200 bg-white lg:flex">
        <Brand siteName={siteName} panel={words.panel} />
        <nav aria-label={words.nav} className="flex-1 overflow-y-auto px-3 py-4">
          <AdminNavList doorOnly={admin?.doorOnly} labelFor={words.navLabel} />
        </nav>
        {admin ? <AccountCard admin={admin} logout={words.logout} /> : null}
      </aside>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
          <div className="flex items-center gap-3 px-4 py-3 sm:px-6 lg:px-8 lg:py-4">
            <MobileMenu admin={admin} siteName={siteName} words={words} />
            <div className="min-w-0 flex-1">
              <h1 className="truncate text-lg font-bold text-gray-900 sm:text-xl">{title}</h1>
              {admin ? (
                <p className="truncate text-sm text-gray-600">
                  {words.welcome(<span className="font-medium text-gray-900">{admin.name}</span>)}
                </p>
              ) : null}
            </div>
            <Link
              to="/"
              className={`hidden shrink-0 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50 sm:inline-flex ${FOCUS_RING}`}
            >
              {words.viewSite}
            </Link>
          </div>
        </header>
        <main
          id="admin-main"
          tabIndex={-1}
          aria-busy={loadingPage}
          className={`mx-auto max-w-7xl px-4 py-6 outline-none transition-opacity sm:px-6 lg:px-8 lg:py-8 ${loadingPage ? "opacity-60" : ""}`}
        >
          {children}
        </main>
      </div>
    </div>
  );
}

function Brand({ siteName, panel }: { siteName: string; panel: string }) {
  return (
    <div className="flex items-center gap-3 border-b border-gray-200 px-5 py-4">
      <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-700 font-bold text-white">
        YS
      </span>
      <div className="min-w-0">
        <p className="text-sm leading-tight font-bold text-gray-900">{siteName}</p>
        <p className="text-xs font-medium text-brand-700">{panel}</p>
      </div>
    </div>
  );
}

function AccountCard({ admin, logout }: { admin: ShellAdmin; logout: string }) {
  return (
    <div className="border-t border-gray-200 p-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
        >
          {admin.name.trim().charAt(0).toUpperCase() || "A"}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-gray-900">{admin.name}</p>
          <p className="truncate text-xs text-gray-600" title={admin.email}>
            {admin.email}
          </p>
        </div>
      </div>
      <LogoutButton label={logout} />
    </div>
  );
}

function LogoutButton({ label }: { label: string }) {
  return (
    <Form method="post" action="/admin/logout" className="mt-3">
      <button
        type="submit"
        className={`flex w-full items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700 ${FOCUS_RING}`}
      >
        <Svg className="h-4 w-4">
          <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
        </Svg>
        {label}
      </button>
    </Form>
  );
}

/** Phones and tablets: a disclosure that works without JavaScript; with it, it closes on navigation and Escape. */
function MobileMenu({ admin, siteName, words }: { admin: ShellAdmin | null; siteName: string; words: ShellWords }) {
  // Left uncontrolled: the menu may have been opened before the page hydrated.
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current !== pathname && details.current) details.current.open = false;
    previousPath.current = pathname;
  }, [pathname]);

  return (
    <details
      ref={details}
      className="lg:hidden"
      onKeyDown={(event) => {
        if (event.key === "Escape" && details.current?.open) {
          details.current.open = false;
          summary.current?.focus();
        }
      }}
    >
      <summary
        ref={summary}
        className={`flex cursor-pointer list-none items-center gap-2 rounded-lg border border-gray-300 px-2.5 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 [&::-webkit-details-marker]:hidden ${FOCUS_RING}`}
      >
        <MenuIcon className="h-5 w-5" />
        <span className="sr-only">{words.menu}</span>
      </summary>
      <div className="absolute inset-x-0 top-full max-h-[calc(100vh-4.5rem)] overflow-y-auto border-b border-gray-200 bg-white shadow-lg">
        <p className="px-4 pt-3 text-xs font-semibold tracking-wide text-gray-500 uppercase">
          {siteName} · {words.nav}
        </p>
        <nav aria-label={words.nav} className="px-3 py-2">
          <AdminNavList doorOnly={admin?.doorOnly} labelFor={words.navLabel} />
        </nav>
        {admin ? <AccountCard admin={admin} logout={words.logout} /> : null}
      </div>
    </details>
  );
}

// Seen, not announced: <main aria-busy> tells assistive technology that the page is loading. As a
// progressbar outside every landmark it was page content outside them (axe's "region") whenever a
// slow answer kept it on screen.
function ProgressBar() {
  return (
    <div aria-hidden="true" className="admin-progress fixed inset-x-0 top-0 z-[120] h-1 overflow-hidden bg-brand-100">
      <style href="admin-progress" precedence="default">{`
        .admin-progress { opacity: 0; animation: admin-progress-in 1ms linear 150ms forwards; }
        .admin-progress > div { animation: admin-progress-slide 1.1s ease-in-out infinite; }
        @keyframes admin-progress-in { to { opacity: 1; } }
        @keyframes admin-progress-slide { from { transform: translateX(-100%); } to { transform: translateX(300%); } }
      `}</style>
      <div className="h-full w-1/3 bg-brand-600" />
    </div>
  );
}
