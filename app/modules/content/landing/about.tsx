import { useTranslation } from "react-i18next";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { DEFAULT_OBJECTIVES, type Objective } from "~/modules/settings/objectives";

/** The figures' grid by their number, written out so Tailwind sees each class. */
const COLUMNS: Record<number, string> = { 1: "md:grid-cols-1", 2: "md:grid-cols-2", 3: "md:grid-cols-3", 4: "md:grid-cols-4" };

export function About({
  about,
  speakerCount,
  registeredCount,
  hours,
  highlight,
  objectives,
}: {
  about: string;
  speakerCount: number;
  /** null: hidden until the number the organisers chose (Event Settings) */
  registeredCount: number | null;
  /** how long the event runs (its start and end times), not a fixed 8 */
  hours: number;
  /** the organisers' fourth figure ("70+"); an empty label: "Youth Leaders" in the visitor's language */
  highlight: { value: string; label: string } | null;
  /** the organisers' objectives (Event Settings); null: the summit's three aims from the catalogue */
  objectives: Objective[] | null;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(languageOr(i18n.language), value);
  const stats = [
    { value: number(speakerCount), label: t("about.stats.speakers", { count: speakerCount }) },
    { value: number(hours), label: t("about.stats.hours", { count: hours }) },
    ...(registeredCount === null
      ? []
      : [{ value: number(registeredCount), label: t("about.stats.registered", { count: registeredCount }) }]),
    ...(highlight ? [{ value: highlight.value, label: highlight.label || t("about.stats.youthLeaders") }] : []),
  ];
  const aims =
    objectives ?? DEFAULT_OBJECTIVES.map((id) => ({ title: t(`about.objectives.${id}.title`), text: t(`about.objectives.${id}.text`) }));
  return (
    <section id="about" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 className="text-center text-3xl font-bold text-gray-900">{t("about.heading")}</h2>
        <p className="mx-auto mt-4 max-w-3xl text-center text-lg text-gray-600">{about}</p>
        <div className="mt-10 grid gap-4 md:grid-cols-3">
          {aims.map((aim, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two objectives may read alike; the list only changes with the page
            <div key={i} className="rounded-2xl border border-gray-200 p-6">
              {aim.title ? <h3 className="text-lg font-semibold text-brand-800">{aim.title}</h3> : null}
              {aim.text ? <p className={`${aim.title ? "mt-2 " : ""}text-gray-600`}>{aim.text}</p> : null}
            </div>
          ))}
        </div>
        <ul className={`mt-10 grid grid-cols-2 gap-4 ${COLUMNS[stats.length] ?? ""}`}>
          {stats.map((s) => (
            <li key={s.label} className="rounded-2xl bg-brand-50 p-5 text-center">
              <span className="block text-3xl font-extrabold text-brand-800">{s.value}</span>
              <span className="mt-1 block text-sm font-medium text-gray-700">{s.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
