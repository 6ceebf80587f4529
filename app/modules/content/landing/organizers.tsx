import { useTranslation } from "react-i18next";
import type { Speaker as SpeakerRow } from "../content.server";
import { PersonCard } from "./person-card";

type Speaker = Omit<SpeakerRow, "order_index">;

// A Chief Host and a Host card (and a Chairman's, when there is one). Organisers edit
// them as speakers of those types; these fixed cards stand in until they do.
const DEFAULT_ORGANIZERS = [
  {
    name: "organizers.defaultGovernor.name",
    title: "organizers.defaultGovernor.title",
    bio: "",
    image_url: "",
    speaker_type: "Chief Host",
  },
  {
    name: "organizers.defaultCommissioner.name",
    title: "organizers.defaultCommissioner.title",
    bio: "",
    image_url: "",
    speaker_type: "Host",
  },
] as const;

export function Organizers({ speakers }: { speakers: Speaker[] }) {
  const { t } = useTranslation();
  const chairmen = speakers.filter((s) => s.speaker_type === "Chairman");
  const chief = speakers.filter((s) => s.speaker_type === "Chief Host");
  const hosts = speakers.filter((s) => s.speaker_type === "Host");
  // The stand-in cards' texts are catalogue keys: they are ours, not the organisers'.
  const standIn = (card: (typeof DEFAULT_ORGANIZERS)[number]) => ({ ...card, name: t(card.name), title: t(card.title) });
  const people = [
    ...chairmen,
    ...(chief.length ? chief : [standIn(DEFAULT_ORGANIZERS[0])]),
    ...(hosts.length ? hosts : [standIn(DEFAULT_ORGANIZERS[1])]),
  ];
  return (
    <section id="organizers" className="bg-gray-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 className="text-center text-3xl font-bold text-gray-900">{t("organizers.heading")}</h2>
        <p className="mt-3 text-center text-gray-600">{t("organizers.lead")}</p>
        <div className={`mx-auto mt-10 grid gap-6 sm:grid-cols-2 ${people.length > 2 ? "max-w-5xl lg:grid-cols-3" : "max-w-3xl"}`}>
          {people.map((p) => (
            <PersonCard
              key={`${p.speaker_type}-${p.name}`}
              name={p.name}
              title={p.title}
              bio={p.bio}
              imageUrl={p.image_url}
              badge={p.speaker_type}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
