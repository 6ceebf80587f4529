import { useTranslation } from "react-i18next";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { languageOr } from "~/i18n/languages";
import { metaTranslator } from "~/i18n/meta";
import { PartnerList } from "~/modules/content/landing/partners-section";
import { PersonCard } from "~/modules/content/landing/person-card";
import { editionsPage, type PastEdition } from "~/modules/editions/archive.server";
import { figuresLine } from "~/modules/editions/figures";
import { requestSettings } from "~/modules/settings/request-settings.server";
import { type RouteHandle, siteName } from "~/root";
import { BackHeader } from "~/ui/back-header";
import { EmptyState } from "~/ui/empty-state";
import { CalendarIcon, MapPinIcon } from "~/ui/icons";
import type { Route } from "./+types/editions";

// The summit's past editions as they were (issue 29): plain HTML, no React on a first visit,
// the same for every visitor in a language, and read from the archive alone (ADR 016).
export const handle: RouteHandle = { hydrate: false };

export function headers() {
  // As the landing page: the archive changes once a year, when an edition is archived.
  return { "Cache-Control": "public, max-age=0, s-maxage=5, stale-while-revalidate=30" };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: t("editions.metaTitle", { name: siteName(matches[0]?.loaderData) }) },
    { name: "description", content: t("editions.metaDescription") },
  ];
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = await getDb();
  return editionsPage(db, await requestSettings(context, db), requestLanguage(request));
}

export default function Editions({ loaderData: { editions, first } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-white">
      <BackHeader to="/">{t("common:backHome")}</BackHeader>
      <main className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
        <h1 className="text-center text-3xl font-bold text-gray-900 sm:text-4xl">{t("editions.heading")}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-center text-gray-600">{t("editions.lead")}</p>
        {first ? (
          <div className="mt-10">
            <EmptyState>{t(first.held ? "editions.emptyHeld" : "editions.emptyUpcoming", { date: first.dateLabel })}</EmptyState>
          </div>
        ) : (
          editions.map((edition) => <PastEditionSection key={edition.id} edition={edition} />)
        )}
      </main>
    </div>
  );
}

function PastEditionSection({ edition }: { edition: PastEdition }) {
  const { t, i18n } = useTranslation();
  const headingId = `edition-${edition.id}`;
  return (
    <section aria-labelledby={headingId} className="mt-12 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id={headingId} className="text-2xl font-bold text-gray-900">
        {edition.name}
      </h2>
      <ul className="mt-3 space-y-1 text-gray-700">
        <li className="flex items-center gap-2">
          <CalendarIcon className="h-5 w-5 shrink-0 text-brand-700" title={t("facts.date")} /> {edition.dateLabel}
        </li>
        {edition.venue ? (
          <li className="flex items-center gap-2">
            <MapPinIcon className="h-5 w-5 shrink-0 text-brand-700" title={t("facts.venue")} /> {edition.venue}
          </li>
        ) : null}
      </ul>
      <p className="mt-4 rounded-xl bg-brand-50 p-4 font-semibold text-brand-900">
        {figuresLine(t, languageOr(i18n.language), edition.counts)}
      </p>
      {edition.people.length > 0 ? (
        <>
          <h3 className="mt-8 text-xl font-bold text-gray-900">{t("editions.speakers")}</h3>
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {edition.people.map((p) => (
              <PersonCard key={p.id} name={p.name} title={p.title} bio="" imageUrl={p.image_url} badge={p.badge} headingLevel={4} />
            ))}
          </div>
        </>
      ) : null}
      {edition.partners.length > 0 ? (
        <>
          <h3 className="mt-8 text-xl font-bold text-gray-900">{t("editions.partners")}</h3>
          <PartnerList partners={edition.partners} className="mt-4" />
        </>
      ) : null}
    </section>
  );
}
