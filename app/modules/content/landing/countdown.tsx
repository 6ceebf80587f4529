import { useTranslation } from "react-i18next";
import { type Countdown as CountdownValue, type EventWhen, eventStart } from "~/modules/settings/event-time";
import { useCountdown } from "~/modules/settings/use-countdown";

/**
 * Counts down to the event start in Africa/Lagos. The server renders the current
 * value (no layout shift); with JavaScript it ticks every second. Hidden once passed.
 */
export function Countdown({ initial, when }: { initial: CountdownValue; when: EventWhen }) {
  const { t } = useTranslation();
  const value = useCountdown(initial, when);
  if (value.isPassed) return null;
  const parts = [
    { label: t("countdown.days"), part: "days", value: value.days },
    { label: t("countdown.hours"), part: "hours", value: value.hours },
    { label: t("countdown.minutes"), part: "minutes", value: value.minutes },
    { label: t("countdown.seconds"), part: "seconds", value: value.seconds },
  ];
  return (
    <section
      aria-label={t("countdown.label")}
      // Read by the page's inline script (enhance-script.ts) when React is not running it.
      data-countdown-start={eventStart(when).getTime()}
      className="bg-brand-900 py-8 text-white"
    >
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h2 className="text-sm font-semibold tracking-widest text-accent-400 uppercase">{t("countdown.heading")}</h2>
        <div className="mt-4 grid grid-cols-4 gap-2 sm:gap-4" role="timer" aria-live="off">
          {parts.map((part) => (
            <div key={part.label} className="rounded-xl bg-white/10 px-1 py-3 sm:py-5">
              <span data-countdown-part={part.part} className="block text-3xl font-bold tabular-nums sm:text-5xl">
                {String(part.value).padStart(2, "0")}
              </span>
              <span className="mt-1 block text-xs text-brand-100 sm:text-sm">{part.label}</span>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
