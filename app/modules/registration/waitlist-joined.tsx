import { Trans, useTranslation } from "react-i18next";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { Address } from "~/ui/address";
import { CheckCircleIcon } from "~/ui/icons";

type Props = { email: string; position: number; offerHours: number };

/** What /register shows once someone joined the waitlist: their place, and what happens next. */
export function WaitlistJoined({ email, position, offerHours }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-6 text-center">
      <CheckCircleIcon className="mx-auto h-10 w-10 text-green-700" />
      <p className="mt-3 text-lg font-semibold text-gray-900">{t("waitlistJoined.title")}</p>
      <p className="mt-1 text-4xl font-extrabold text-green-800" data-testid="waitlist-position">
        {`#${formatNumber(languageOr(i18n.language), position)}`}
      </p>
      <p className="mt-1 text-sm text-gray-600">{t("waitlistJoined.place")}</p>
      <p className="mt-4 text-gray-700">
        <Trans
          t={t}
          i18nKey="waitlistJoined.explain"
          values={{ email, count: offerHours }}
          components={{ email: <Address className="text-gray-900" /> }}
        />
      </p>
    </div>
  );
}
