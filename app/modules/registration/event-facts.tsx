import { useTranslation } from "react-i18next";
import { CalendarIcon, ClockIcon, MapPinIcon } from "~/ui/icons";

/** The date, time and venue cards at the top of /register (the date as the server wrote it, in the reader's language). */
export function EventFacts({ date, time, venue }: { date: string; time: string; venue: string }) {
  const { t } = useTranslation();
  const facts = [
    { label: t("facts.date"), value: date, Icon: CalendarIcon },
    { label: t("facts.time"), value: time, Icon: ClockIcon },
    { label: t("facts.venue"), value: venue, Icon: MapPinIcon },
  ];
  return (
    <ul className="mt-8 grid gap-3 sm:grid-cols-3">
      {facts.map(({ label, value, Icon }) => (
        <li key={label} className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
            <Icon />
          </span>
          <span>
            <span className="block text-xs font-semibold tracking-wide text-gray-500 uppercase">{label}</span>
            <span className="block font-semibold text-gray-900">{value}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
