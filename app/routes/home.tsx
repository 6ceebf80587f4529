import { useTranslation } from "react-i18next";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { About } from "~/modules/content/landing/about";
import { AgendaSection } from "~/modules/content/landing/agenda-section";
import { ComingSoon } from "~/modules/content/landing/coming-soon";
import { Countdown } from "~/modules/content/landing/countdown";
import { LANDING_ENHANCE_SCRIPT } from "~/modules/content/landing/enhance-script";
import { Hero } from "~/modules/content/landing/hero";
import { Organizers } from "~/modules/content/landing/organizers";
import { PartnersSection } from "~/modules/content/landing/partners-section";
import { RegisterCta } from "~/modules/content/landing/register-cta";
import { SiteFooter } from "~/modules/content/landing/site-footer";
import { SiteNav } from "~/modules/content/landing/site-nav";
import { SpeakersSection } from "~/modules/content/landing/speakers-section";
import { landingPage } from "~/modules/content/landing-page.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { requestSettings } from "~/modules/settings/request-settings.server";
import { ShareButtons } from "~/modules/share/share-buttons";
import { siteShareUrl } from "~/modules/share/share-links";
import { landingStructuredData } from "~/modules/share/structured-data.server";
import type { RouteHandle } from "~/root";
import { useNonce } from "~/ui/nonce";
import type { Route } from "./+types/home";

// No React on this page's first load: plain HTML plus LANDING_ENHANCE_SCRIPT (root.tsx).
export const handle: RouteHandle = { hydrate: false };

export function headers() {
  // Short shared caching: the page is the same for every visitor and changes rarely.
  return { "Cache-Control": "public, max-age=0, s-maxage=5, stale-while-revalidate=30" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const db = await getDb();
  const [page, settings] = await Promise.all([
    landingPage(db, new URL(request.url).searchParams.get("type"), language),
    requestSettings(context, db),
  ]);
  // A fresh install: nothing of the defaults' made-up event reaches the public (nor search engines).
  if (!page.setUp) return { comingSoon: true as const, name: page.event.name, logoUrl: page.event.logoUrl };
  const { publicUrl } = getConfig();
  return {
    comingSoon: false as const,
    ...page,
    // The date written here, not in the browser (a client-side visit renders this page too, and
    // phones' browsers often lack Hausa's calendar words).
    dateLabel: formatEventDate(page.event.date, language),
    // For search engines: the event, its date, place and free seats (schema.org JSON-LD).
    structuredData: landingStructuredData(settings, page.status.isOpen, language, publicUrl),
    shareUrl: siteShareUrl(publicUrl, language),
    ussdCode: getConfig().ussdCode,
  };
}

/** The event's year, for the footer's copyright ("2026-12-19" → 2026): a 2027 summit is not © 2025. */
function eventYear(date: string): number {
  return Number(date.slice(0, 4)) || new Date().getFullYear();
}

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.comingSoon) return <ComingSoon name={loaderData.name} logoUrl={loaderData.logoUrl} />;
  return <Landing d={loaderData} />;
}

function Landing({ d }: { d: Exclude<Route.ComponentProps["loaderData"], { comingSoon: true }> }) {
  const nonce = useNonce();
  const { t } = useTranslation();
  return (
    <>
      <SiteNav name={d.event.name} logoUrl={d.event.logoUrl} logoWidth={d.event.logoWidth} />
      <main>
        <Hero
          name={d.event.name}
          edition={d.event.edition}
          date={d.dateLabel}
          time={d.event.time}
          venue={d.event.venue}
          about={d.event.about}
          guest={d.guest}
          registrationOpen={d.status.isOpen}
          ussdCode={d.ussdCode}
        />
        <Countdown initial={d.countdown} when={d.event.when} />
        <About
          about={d.event.about}
          speakerCount={d.publicSpeakerCount}
          registeredCount={d.registeredCount}
          hours={d.hours}
          highlight={d.highlight}
          objectives={d.objectives}
        />
        <Organizers speakers={d.speakers} />
        <SpeakersSection speakers={d.speakers} specialGuests={d.specialGuests} initialFilter={d.filter} />
        <AgendaSection items={d.agenda} />
        <PartnersSection partners={d.partners} />
        <RegisterCta
          isOpen={d.status.isOpen}
          waitlist={d.status.waitlist}
          message={d.status.message}
          spotsRemaining={d.status.spotsRemaining}
          ussdCode={d.ussdCode}
          // Only while registration is open: a friend sent here could not register otherwise.
          share={
            d.status.isOpen ? (
              <ShareButtons
                url={d.shareUrl}
                title={d.event.name}
                message={t("share.message", { name: d.event.name, date: d.dateLabel, venue: d.event.venue })}
                tone="dark"
                heading={{ text: t("share.heading"), lead: t("share.lead"), level: 3 }}
              />
            ) : null
          }
        />
      </main>
      <SiteFooter
        name={d.event.name}
        contactEmail={d.event.contactEmail}
        contactPhone={d.event.contactPhone}
        venue={d.event.venue}
        social={d.social}
        year={eventYear(d.event.date)}
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, no user data */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: LANDING_ENHANCE_SCRIPT }} />
      {/* Data, not code: no browser runs it. It carries the nonce all the same, as every script
          element of ours does, so one without it stands out. jsonForScript escapes what could end it. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (event-json-ld.ts) */}
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: d.structuredData }} />
    </>
  );
}
