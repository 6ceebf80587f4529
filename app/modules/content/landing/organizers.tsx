import { useTranslation } from "react-i18next";
import type { Speaker as SpeakerRow } from "../content.server";
import { ORGANIZER_TYPES } from "../speaker-types";
import { PersonCard } from "./person-card";

type Speaker = Omit<SpeakerRow, "order_index">;

// The Chairman, Chief Host and Host cards: speakers of those types, edited in Admin → Speakers with
// the others. None yet: the section says they will be announced, as the speakers' does. (It once
// showed fixed stand-in cards, "The Executive Governor", that no admin list showed or could edit.)

export function Organizers({ speakers }: { speakers: Speaker[] }) {
  const { t } = useTranslation();
  const people = ORGANIZER_TYPES.flatMap((type) => speakers.filter((s) => s.speaker_type === type));
  return (
    <section id="organizers" className="bg-gray-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 className="text-center text-3xl font-bold text-gray-900">{t("organizers.heading")}</h2>
        <p className="mt-3 text-center text-gray-600">{t("organizers.lead")}</p>
        {people.length === 0 ? (
          <p className="mt-10 text-center text-gray-500">{t("organizers.none")}</p>
        ) : (
          <div className={`mx-auto mt-10 grid gap-6 sm:grid-cols-2 ${people.length > 2 ? "max-w-5xl lg:grid-cols-3" : "max-w-3xl"}`}>
            {people.map((p) => (
              <PersonCard key={p.id} name={p.name} title={p.title} bio={p.bio} imageUrl={p.image_url} badge={p.speaker_type} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
