import { useTranslation } from "react-i18next";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";

/** The summit's three aims: `about.objectives.<id>.title|text` in the catalogue. */
const OBJECTIVES = ["peacebuilding", "civicEngagement", "inclusiveDevelopment"] as const;

/** The figures' grid by their number, written out so Tailwind sees each class. */
const COLUMNS: Record<number, string> = { 1: "md:grid-cols-1", 2: "md:grid-cols-2", 3: "md:grid-cols-3", 4: "md:grid-cols-4" };

export function About({
  about,
  speakerCount,
  registeredCount,
  hours,
  highlight,
}: {
  about: string;
  speakerCount: number;
  /** null: hidden until the number the organisers chose (Event Settings) */
  registeredCount: number | null;
  /** how long the event runs (its start and end times), not a fixed 8 */
  hours: number;
  /** the organisers' fourth figure ("70+"); an empty label: "Youth Leaders" in the visitor's language */
  highlight: { value: string; label: string } | null;
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
  return (
    <section id="about" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 className="text-center text-3xl font-bold text-gray-900">{t("about.heading")}</h2>
        <p className="mx-auto mt-4 max-w-3xl text-center text-lg text-gray-600">{about}</p>
        <div className="mt-10 grid gap-4 md:grid-cols-3">
          {OBJECTIVES.map((o) => (
            <div key={o} className="rounded-2xl border border-gray-200 p-6">
              <h3 className="text-lg font-semibold text-brand-800">{t(`about.objectives.${o}.title`)}</h3>
              <p className="mt-2 text-gray-600">{t(`about.objectives.${o}.text`)}</p>
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
