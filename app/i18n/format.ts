import { intlLocale, type Language } from "./languages";

// Dates, times and numbers through Intl in the reader's language, always in the event's time
// zone (the event's own date, with its weekday, is formatEventDate in settings/event-time.ts).
const TIME_ZONE = "Africa/Lagos";

// Made once per language and kept: building an Intl formatter costs far more than using one,
// and the door's counts are formatted on every answer.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let made = formatters.get(key) as F | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/** "23 November 2026" / "23 Nuwamba, 2026". */
export function formatDate(language: Language, date: Date): string {
  return formatter(
    `date:${language}`,
    () => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone: TIME_ZONE }),
  ).format(date);
}

export function formatDateTime(language: Language, date: Date): string {
  return formatter(
    `datetime:${language}`,
    () => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE }),
  ).format(date);
}

export function formatNumber(language: Language, value: number): string {
  return formatter(`number:${language}`, () => new Intl.NumberFormat(intlLocale(language))).format(value);
}
