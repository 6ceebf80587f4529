import "./zod-config";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { I18nextProvider, useTranslation } from "react-i18next";
import { BRAND } from "~/ui/brand";
import { getConfig } from "./config.server";
import { getDb } from "./db/db.server";
import { messagesFor } from "./i18n/catalogues.server";
import { i18nFor, type Messages } from "./i18n/i18n";
import { requestLanguage } from "./i18n/language.server";
import { DEFAULT_LANGUAGE, type Language } from "./i18n/languages";
import { common as englishCommon } from "./i18n/locales/en.json";
import { followsVisitorLanguage, isPublicPage, languageAlternates, pageLanguage, pageNamespaces } from "./i18n/page-language";
import { logger } from "./logger.server";
import { localizedSettings } from "./modules/settings/localized-settings";
import { requestSettings } from "./modules/settings/request-settings.server";
import { isSetUp } from "./modules/settings/settings.server";
import { linkPreviewTags } from "./modules/share/link-preview";
import { linkPreview } from "./modules/share/link-preview.server";
import { LanguageSwitch } from "./ui/language-switch";
import { useNonce } from "./ui/nonce";
import { notAfterUnavailable } from "./ui/server-unavailable";
import { readToasts } from "./ui/toast.server";
import { Toaster } from "./ui/toaster";
import { unavailableMessage } from "./ui/unavailable-message";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = pageLanguage(url.pathname, requestLanguage(request));
  const [site, { toasts, setCookie }] = await Promise.all([siteFacts(context, lang, url.pathname), readToasts(request)]);
  return data(
    {
      site,
      toasts,
      lang,
      // Only this page's language, and only the namespaces its kind of page uses, go to the browser.
      messages: messagesFor(lang, pageNamespaces(url.pathname)),
      alternates: languageAlternates(getConfig().publicUrl, url),
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

// Without its settings (a database error) the page that explains the error still needs the rest.
async function siteFacts(context: Route.LoaderArgs["context"], lang: Language, pathname: string) {
  try {
    const stored = await requestSettings(context, await getDb());
    const settings = localizedSettings(stored, lang);
    return {
      name: settings.event_name,
      description: settings.about,
      // A public page's link card (Open Graph, Twitter): the event's facts only, never the visitor's.
      // None before the settings are first saved: the defaults' date and venue are made up.
      preview: isPublicPage(pathname) && isSetUp(stored) ? linkPreview(stored, lang, getConfig().publicUrl) : undefined,
    };
  } catch (error) {
    logger().error({ err: error }, "the root loader could not read the settings");
    return undefined;
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: siteName(data) },
  { name: "description", content: data?.site?.description ?? "" },
];

/** The event's name from the root loader's data; a neutral name where that failed (error pages). */
export function siteName(root: { site?: { name: string } } | undefined): string {
  return root?.site?.name ?? "Youth Summit";
}

/** The event's name, in any page's component. */
export function useSiteName(): string {
  return siteName(useRouteLoaderData<typeof loader>("root"));
}

// Without the root's data (its own request failed), the error page still has words: English's
// `common` (the error pages' texts), the only catalogue part bundled into the page itself.
const FALLBACK_MESSAGES: Messages = { common: englishCommon };

/** A route's `handle` may say `{ hydrate: false }`: its document then ships no framework JavaScript. */
export type RouteHandle = { hydrate?: boolean };

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // The landing page works as plain HTML plus a small inline script (modules/content/landing/enhance-script.ts):
  // on a first visit that saves a phone ~110 KB of React and React Router. Client-side navigations
  // from a hydrated page still render it with React.
  const hydrate = !useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
  const nonce = useNonce();
  const lang = root?.lang ?? DEFAULT_LANGUAGE;
  const { pathname } = useLocation();
  const preview = root?.site?.preview;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={BRAND[700]} />
        <Meta />
        <Links />
        {root?.alternates.map((alternate) => (
          <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
        ))}
        {preview
          ? linkPreviewTags(preview, pathname).map((tag) => (
              <meta key={"property" in tag ? `${tag.property}:${tag.content}` : tag.name} {...tag} />
            ))
          : null}
      </head>
      <body className="min-h-screen bg-white font-sans text-gray-900 antialiased">
        <I18nextProvider i18n={i18nFor(lang, root?.messages ?? FALLBACK_MESSAGES)}>
          {children}
          <Toaster toasts={root?.toasts ?? []} />
        </I18nextProvider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

// A form refused by a busy server (ui/server-unavailable.ts) keeps the page as it is. Moving to a
// page that reads other messages (the admin's dashboard to the door) brings them, in its language.
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  pageNamespaces(args.currentUrl.pathname).join() !== pageNamespaces(args.nextUrl.pathname).join() || notAfterUnavailable(args);

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // 503: overloaded or without the database (server/unavailable-page.ts), a passing state.
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  // Stack traces only while developing; production shows the generic heading.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  const { t } = useTranslation("common");
  // The switch where the page speaks the visitor's language (not the English admin).
  const { pathname } = useLocation();
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      {followsVisitorLanguage(pathname) ? <LanguageSwitch className="mb-6 text-gray-700" /> : null}
      {notFound ? (
        <>
          <p className="text-6xl font-bold text-brand-700">404</p>
          <h1 className="mt-4 text-2xl font-semibold">{t("errors.notFoundTitle")}</h1>
          <p className="mt-2 text-gray-600">{t("errors.notFoundText")}</p>
        </>
      ) : unavailable ? (
        <>
          <h1 className="text-2xl font-semibold">{t("errors.unavailableTitle")}</h1>
          <p className="mt-2 text-gray-600">{unavailableMessage(error.data, t("errors.unavailableText"))}</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">{t("errors.unexpectedTitle")}</h1>
          <p className="mt-2 text-gray-600">{t("errors.unexpectedText")}</p>
        </>
      )}
      <Link
        to="/"
        className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {t("backHome")}
      </Link>
      {stack ? <pre className="mt-8 max-w-full overflow-auto text-left text-xs text-red-700">{stack}</pre> : null}
    </main>
  );
}
