import { getDb } from "~/db/db.server";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import { About } from "~/modules/content/landing/about";
import { AgendaSection } from "~/modules/content/landing/agenda-section";
import { Countdown } from "~/modules/content/landing/countdown";
import { LANDING_ENHANCE_SCRIPT } from "~/modules/content/landing/enhance-script";
import { Hero } from "~/modules/content/landing/hero";
import { Organizers } from "~/modules/content/landing/organizers";
import { PartnersSection } from "~/modules/content/landing/partners-section";
import { RegisterCta } from "~/modules/content/landing/register-cta";
import { SiteFooter } from "~/modules/content/landing/site-footer";
import { SiteNav } from "~/modules/content/landing/site-nav";
import { parseSpeakerFilter, SpeakersSection } from "~/modules/content/landing/speakers-section";
import { getPublicContent } from "~/modules/content/public-content.server";
import { isPublicSpeaker } from "~/modules/content/speaker-types";
import { registrationStatus } from "~/modules/registration/status";
import { countdown, formatEventDate } from "~/modules/settings/event-time";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/home";

// No React on this page's first load: plain HTML plus LANDING_ENHANCE_SCRIPT (root.tsx).
export const handle: RouteHandle = { hydrate: false };

export function headers() {
  // Short shared caching: the page is the same for every visitor and changes rarely.
  return { "Cache-Control": "public, max-age=0, s-maxage=5, stale-while-revalidate=30" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const content = await getPublicContent(await getDb());
  const { settings } = content;
  const now = new Date();
  const status = registrationStatus(settings, now);
  // Strip what the page does not show: less HTML and JSON over a costly connection.
  const person = <T extends { id: string; name: string; title: string; bio: string; image_url: string }>(p: T) => ({
    id: p.id,
    name: p.name,
    title: p.title,
    bio: p.bio,
    image_url: p.image_url,
  });
  return {
    event: {
      name: settings.event_name,
      date: settings.event_date,
      time: settings.event_time || SETTINGS_DEFAULTS.event_time,
      venue: settings.venue || SETTINGS_DEFAULTS.venue,
      about: settings.about || SETTINGS_DEFAULTS.about,
      logoUrl: settings.logo_url,
      contactEmail: settings.contact_email || SETTINGS_DEFAULTS.contact_email,
      contactPhone: settings.contact_phone || SETTINGS_DEFAULTS.contact_phone,
    },
    guest: { name: settings.guest_of_honor_name, title: settings.guest_of_honor_title, imageUrl: settings.guest_of_honor_image_url },
    social: { facebook: settings.facebook_url, twitter: settings.twitter_url, instagram: settings.instagram_url },
    countdown: countdown(now, settings.event_date, settings.event_time),
    status: { isOpen: status.isOpen, message: status.message, spotsRemaining: status.spotsRemaining },
    registeredCount: settings.registered_count,
    speakers: content.speakers.map((s) => ({ ...person(s), speaker_type: s.speaker_type, created_at: s.created_at })),
    specialGuests: content.specialGuests.map((g) => ({ ...person(g), created_at: g.created_at })),
    agenda: content.agenda,
    partners: content.partners,
    filter: parseSpeakerFilter(new URL(request.url).searchParams.get("type")),
  };
}

export default function Home({ loaderData: d }: Route.ComponentProps) {
  const publicSpeakerCount = d.speakers.filter(isPublicSpeaker).length;
  return (
    <>
      <SiteNav name={d.event.name} logoUrl={d.event.logoUrl} />
      <main>
        <Hero
          name={d.event.name}
          date={formatEventDate(d.event.date)}
          time={d.event.time}
          venue={d.event.venue}
          about={d.event.about}
          guest={d.guest}
          registrationOpen={d.status.isOpen}
        />
        <Countdown initial={d.countdown} eventDate={d.event.date} eventTime={d.event.time} />
        <About about={d.event.about} speakerCount={publicSpeakerCount} registeredCount={d.registeredCount} />
        <Organizers speakers={d.speakers} />
        <SpeakersSection speakers={d.speakers} specialGuests={d.specialGuests} initialFilter={d.filter} />
        <AgendaSection items={d.agenda} />
        <PartnersSection partners={d.partners} />
        <RegisterCta isOpen={d.status.isOpen} message={d.status.message} spotsRemaining={d.status.spotsRemaining} />
      </main>
      <SiteFooter
        name={d.event.name}
        contactEmail={d.event.contactEmail}
        contactPhone={d.event.contactPhone}
        venue={d.event.venue}
        social={d.social}
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, no user data */}
      <script dangerouslySetInnerHTML={{ __html: LANDING_ENHANCE_SCRIPT }} />
    </>
  );
}
