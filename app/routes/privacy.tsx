import { Trans, useTranslation } from "react-i18next";
import { getDb } from "~/db/db.server";
import { formatDate } from "~/i18n/format";
import { requestLanguage } from "~/i18n/language.server";
import { DEFAULT_LANGUAGE, withLanguage } from "~/i18n/languages";
import { metaTranslator } from "~/i18n/meta";
import { PRIVACY_NOTICE, privacyNoticeFacts } from "~/modules/person/privacy-notice";
import { requestSettings } from "~/modules/settings/request-settings.server";
import { BackHeader } from "~/ui/back-header";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: t("privacy.metaTitle", { name: data?.eventName ?? "Youth Summit" }) },
    { name: "description", content: t("privacy.metaDescription") },
  ];
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const facts = privacyNoticeFacts(await requestSettings(context, await getDb()));
  // The version's date written here, not in the browser (which may lack Hausa's calendar words).
  return { ...facts, dateLabel: formatDate(requestLanguage(request), new Date(`${PRIVACY_NOTICE.date}T12:00:00Z`)) };
}

const heading = "mt-8 text-xl font-semibold text-gray-900";

// The notice the NDPA 2023 asks for at the point of collection: who is responsible, what,
// why, who receives it, how long, the data subject's rights and how to use them, whom to
// contact. Everything an organiser sets (controller, contact, retention) comes from Event
// Settings, so the notice says what the site actually does. Plain HTML: no script needed.
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { eventName, controller, email, phone, retentionDays, certificateDays } = loaderData;
  const { t, i18n } = useTranslation();
  // The link around the address in a translated sentence: Trans puts the words inside it.
  // biome-ignore lint/a11y/useAnchorContent: Trans fills it with the address
  const contact = <a href={`mailto:${email}`} className="font-medium text-brand-700 underline" />;
  const values = { eventName, controller, email, days: retentionDays, certificateDays };
  const list = (key: string) => (
    <ul className="mt-2 list-disc space-y-1 pl-6">
      {(t(key, { returnObjects: true, ...values }) as string[]).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
  return (
    <div className="min-h-screen bg-white">
      <BackHeader to="/register">{t("privacy.back")}</BackHeader>
      <main className="mx-auto max-w-3xl px-4 py-10 leading-relaxed text-gray-800">
        <h1 className="text-3xl font-bold text-gray-900">{t("privacy.title")}</h1>
        <p className="mt-2 text-sm text-gray-500">
          {t("privacy.subtitle", {
            eventName,
            version: PRIVACY_NOTICE.version,
            date: loaderData.dateLabel,
          })}
        </p>
        {i18n.language === DEFAULT_LANGUAGE ? null : (
          // A legal text: until a reviewed translation is approved, the English one is the notice.
          <p role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t("privacy.translationNote")}{" "}
            <a
              href={withLanguage("/privacy", DEFAULT_LANGUAGE)}
              hrefLang={DEFAULT_LANGUAGE}
              lang={DEFAULT_LANGUAGE}
              className="font-medium underline"
            >
              {t("privacy.readEnglish")}
            </a>
          </p>
        )}

        <h2 className={heading}>{t("privacy.who.heading")}</h2>
        <p className="mt-2">{t("privacy.who.text", values)}</p>

        <h2 className={heading}>{t("privacy.what.heading")}</h2>
        {list("privacy.what.items")}

        <h2 className={heading}>{t("privacy.why.heading")}</h2>
        {list("privacy.why.items")}
        <p className="mt-2">{t("privacy.why.basis")}</p>

        <h2 className={heading}>{t("privacy.sms.heading")}</h2>
        {list("privacy.sms.items")}
        <h2 className={heading}>{t("privacy.whatsapp.heading")}</h2>
        {list("privacy.whatsapp.items")}

        <h2 className={heading}>{t("privacy.outreach.heading")}</h2>
        {list("privacy.outreach.items")}

        <h2 className={heading}>{t("privacy.recipients.heading")}</h2>
        <p className="mt-2">{t("privacy.recipients.text")}</p>

        <h2 className={heading}>{t("privacy.retention.heading")}</h2>
        <p className="mt-2">{t("privacy.retention.text", { count: retentionDays })}</p>

        <h2 className={heading}>{t("privacy.afterEvent.heading")}</h2>
        {list("privacy.afterEvent.items")}

        <h2 className={heading}>{t("privacy.futureEditions.heading")}</h2>
        <p className="mt-2">{t("privacy.futureEditions.text")}</p>

        <h2 className={heading}>{t("privacy.rights.heading")}</h2>
        <p className="mt-2">{t("privacy.rights.text")}</p>
        <p className="mt-2">{t("privacy.rights.how")}</p>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>{t("privacy.rights.ticketPage")}</li>
          <li>
            <Trans t={t} i18nKey="privacy.rights.write" values={{ email }} components={{ contact }} />
          </li>
        </ul>

        <h2 className={heading}>{t("privacy.young.heading")}</h2>
        <p className="mt-2">{t("privacy.young.text")}</p>

        <h2 className={heading}>{t("privacy.contact.heading")}</h2>
        <p className="mt-2">
          <Trans
            t={t}
            i18nKey={phone ? "privacy.contact.textPhone" : "privacy.contact.text"}
            values={{ email, phone }}
            components={{ contact }}
          />
        </p>
      </main>
    </div>
  );
}
