import { intlLocale, type Language } from "./languages";

// Dates, times and numbers through Intl in the reader's language, always in the event's time
// zone: "Asabar 12 Disamba, 2026" / "Saturday, 12 December 2026".
const TIME_ZONE = "Africa/Lagos";

export function formatLongDate(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "full", timeZone: TIME_ZONE }).format(date);
}

export function formatDateTime(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE }).format(date);
}

export function formatNumber(language: Language, value: number): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}
