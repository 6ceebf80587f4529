import { formatDateTime } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";

/** An offer's deadline as the person reads it: "25 Nov 2026, 14:00 (West Africa Time)" in their language. */
export function offerDeadline(expiresAt: Date, language: Language): string {
  return `${formatDateTime(language, expiresAt)} (${translator(language, "public")("waitlistPage.wat")})`;
}
