import { useTranslation } from "react-i18next";
import { BUTTON } from "~/ui/styles";

// On the ticket page once the holder's certificate of attendance is issued: a plain link to
// download it again (the page ships no framework JavaScript) and its verification code.

export function TicketCertificateCard({ token, code }: { token: string; code: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="certificate-title"
      className="no-print mx-auto mt-6 max-w-md rounded-2xl border border-brand-200 bg-brand-50 p-5 text-center"
    >
      <h2 id="certificate-title" className="text-lg font-bold text-brand-900">
        {t("ticket.certificate.title")}
      </h2>
      <p className="mt-2 text-sm text-gray-700">{t("ticket.certificate.text")}</p>
      <a href={`/tickets/${encodeURIComponent(token)}/certificate.pdf`} download className={`${BUTTON.primary} mt-4 w-full`}>
        {t("ticket.certificate.download")}
      </a>
      <p className="mt-3 font-mono text-sm text-gray-700">{t("ticket.certificate.code", { code })}</p>
      <a href={`/verify/${code}`} className="mt-1 inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
        {t("ticket.certificate.verifyLink")}
      </a>
    </section>
  );
}
