import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Speaker as SpeakerRow, SpecialGuest as SpecialGuestRow } from "../content.server";

type Speaker = Omit<SpeakerRow, "order_index">;
type SpecialGuest = Omit<SpecialGuestRow, "order_index">;

import { isPublicSpeaker, SPEAKER_FILTERS, type SpeakerFilter } from "../speaker-types";
import { PersonCard } from "./person-card";

const FILTER_ON = "bg-brand-700 text-white";
const FILTER_OFF = "bg-gray-100 text-gray-700 hover:bg-gray-200";

/**
 * Speakers with filter buttons. Each filter is a query-string link (works without
 * JavaScript); with JavaScript it filters instantly and keeps the URL in step.
 */
export function SpeakersSection({
  speakers,
  specialGuests,
  initialFilter,
}: {
  speakers: Speaker[];
  specialGuests: SpecialGuest[];
  initialFilter: SpeakerFilter;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<SpeakerFilter>(initialFilter);
  const publicSpeakers = speakers.filter(isPublicSpeaker);
  const matches = (s: Speaker) => filter === "All" || s.speaker_type === filter;
  const shownCount = publicSpeakers.filter(matches).length;

  return (
    <section id="speakers" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 className="text-center text-3xl font-bold text-gray-900">{t("speakers.heading")}</h2>
        <nav aria-label={t("speakers.filterLabel")} className="mt-6 flex flex-wrap justify-center gap-2">
          {SPEAKER_FILTERS.map((f) => (
            <a
              key={f}
              href={f === "All" ? "?#speakers" : `?type=${f}#speakers`}
              aria-current={filter === f ? "true" : undefined}
              // For the page's inline script (enhance-script.ts) when React is not running it.
              data-speaker-filter={f}
              data-empty-text={t(`speakers.noneOfType.${f}`)}
              data-class-on={FILTER_ON}
              data-class-off={FILTER_OFF}
              onClick={(event) => {
                event.preventDefault();
                setFilter(f);
                const url = new URL(window.location.href);
                if (f === "All") url.searchParams.delete("type");
                else url.searchParams.set("type", f);
                window.history.replaceState(window.history.state, "", url);
              }}
              className={`rounded-full px-4 py-2 text-sm font-semibold transition ${filter === f ? FILTER_ON : FILTER_OFF}`}
            >
              {t(`speakers.filter.${f}`)}
            </a>
          ))}
        </nav>
        {publicSpeakers.length === 0 ? (
          <p className="mt-10 text-center text-gray-500">{t("speakers.none")}</p>
        ) : (
          <>
            {/* Every card is in the page and the filter hides the others, so switching needs no request. */}
            <p data-speakers-empty hidden={shownCount > 0} className="mt-10 text-center text-gray-500">
              {t(`speakers.noneOfType.${filter}`)}
            </p>
            <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {publicSpeakers.map((s) => (
                <div key={s.id} data-speaker-type={s.speaker_type} hidden={!matches(s)}>
                  <PersonCard name={s.name} title={s.title} bio={s.bio} imageUrl={s.image_url} badge={s.speaker_type} />
                </div>
              ))}
            </div>
          </>
        )}
        {specialGuests.length > 0 ? (
          <div className="mt-16">
            <h3 className="text-center text-2xl font-bold text-gray-900">{t("speakers.specialGuests")}</h3>
            <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {specialGuests.map((g) => (
                <PersonCard key={g.id} name={g.name} title={g.title} bio={g.bio} imageUrl={g.image_url} badge="Special Guest" />
              ))}
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
