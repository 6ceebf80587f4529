import { useTranslation } from "react-i18next";
import { languageOr } from "~/i18n/languages";
import { formatEventDate } from "~/modules/settings/event-time";
import type { Verification } from "./verification";

// The answer of /verify: green "Valid" with what the certificate certifies, or a neutral
// sentence for a code that is not valid, withdrawn, expired or checked too often. Announced to
// screen readers as the page's status.

type Result = Verification | { state: "too-many"; minutes: number };

const TONE = {
  good: "border-green-600 bg-green-50 text-green-950",
  bad: "border-red-600 bg-red-50 text-red-950",
  neutral: "border-gray-400 bg-gray-50 text-gray-900",
} as const;

export function VerificationCard({ result, contact }: { result: Result; contact: string }) {
  const { t, i18n } = useTranslation();
  if (result.state === "valid") {
    const rows = [
      [t("verify.name"), result.fullName],
      [t("verify.event"), result.eventName],
      [t("verify.date"), formatEventDate(result.eventDate, languageOr(i18n.language))],
      [t("verify.venue"), result.venue],
    ] as const;
    return (
      <section role="status" aria-labelledby="verdict" className={`mt-4 rounded-xl border-l-4 p-4 ${TONE.good}`} data-state="valid">
        <h2 id="verdict" className="flex items-center gap-2 text-xl font-bold">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6 fill-none stroke-current stroke-[2.5]">
            <path d="M20 6 9 17l-5-5" />
          </svg>
          {t("verify.validTitle")}
        </h2>
        <p className="mt-2 text-sm">{t("verify.validText")}</p>
        <dl className="mt-3 space-y-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold tracking-wide text-green-800 uppercase">{label}</dt>
              <dd className="text-base font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm">{t("verify.attended")}</p>
      </section>
    );
  }
  const [title, text, tone] =
    result.state === "too-many"
      ? [t("verify.tooManyTitle"), t("verify.tooManyText", { minutes: result.minutes }), TONE.neutral]
      : result.state === "withdrawn"
        ? [t("verify.withdrawnTitle"), t("verify.withdrawnText"), TONE.neutral]
        : result.state === "expired"
          ? [t("verify.expiredTitle"), t("verify.expiredText", { email: contact }), TONE.neutral]
          : [t("verify.invalidTitle"), t("verify.invalidText"), TONE.bad];
  return (
    <section role="status" aria-labelledby="verdict" className={`mt-4 rounded-xl border-l-4 p-4 ${tone}`} data-state={result.state}>
      <h2 id="verdict" className="text-xl font-bold">
        {title}
      </h2>
      <p className="mt-2 text-sm">{text}</p>
    </section>
  );
}
