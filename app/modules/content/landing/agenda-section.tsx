import { useTranslation } from "react-i18next";

type AgendaEntry = { id: string; time: string; title: string; description: string; speaker: string };

export function AgendaSection({ items }: { items: AgendaEntry[] }) {
  const { t } = useTranslation();
  return (
    <section id="agenda" className="bg-gray-50 py-16 sm:py-20">
      <div className="mx-auto max-w-4xl px-4">
        <h2 className="text-center text-3xl font-bold text-gray-900">{t("agenda.heading")}</h2>
        {items.length === 0 ? (
          <p className="mt-10 text-center text-gray-500">{t("agenda.none")}</p>
        ) : (
          <ol className="mt-10 space-y-3">
            {items.map((item) => (
              <li key={item.id} className="flex flex-col gap-2 rounded-2xl border border-gray-200 bg-white p-5 sm:flex-row sm:gap-5">
                <span className="h-fit w-fit shrink-0 rounded-full bg-brand-100 px-3 py-1 text-center text-sm font-bold whitespace-nowrap text-brand-800 sm:w-24">
                  {item.time}
                </span>
                <div>
                  <h3 className="font-semibold text-gray-900">{item.title}</h3>
                  {item.speaker ? <p className="text-sm font-medium text-brand-700">{item.speaker}</p> : null}
                  {item.description ? <p className="mt-1 text-sm text-gray-600">{item.description}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
