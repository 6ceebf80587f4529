import { intlLocale, type Language } from "./languages";

// Dates, times and numbers through Intl in the reader's language, always in the event's time
// zone (the event's own date, with its weekday, is formatEventDate in settings/event-time.ts).
const TIME_ZONE = "Africa/Lagos";

/** "23 November 2026" / "23 Nuwamba, 2026". */
export function formatDate(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone: TIME_ZONE }).format(date);
}

export function formatDateTime(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE }).format(date);
}

export function formatNumber(language: Language, value: number): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}
