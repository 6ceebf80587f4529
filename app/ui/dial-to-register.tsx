import { Trans, useTranslation } from "react-i18next";

// "No data? Dial *347*123# on any phone to register, free." For the young people without data or
// a smartphone, wherever the site asks people to register (the landing page, the registration page;
// the ticket e-mail and SMS and the posters say it in their own words). The code is a tel: link, so a
// phone that opens the page dials it with one tap. Nothing when no USSD code is configured (USSD_CODE).

export function DialToRegister({ code, className = "" }: { code: string | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p className={className} data-ussd="">
      <Trans t={t} i18nKey="ussd.dial" values={{ code }} components={{ code: <DialLink code={code} /> }} />
    </p>
  );
}

/** The code as a link that dials it (Trans puts the code's text inside). */
function DialLink({ code, children }: { code: string; children?: React.ReactNode }) {
  return (
    <a href={`tel:${encodeURIComponent(code)}`} className="font-mono font-bold whitespace-nowrap underline underline-offset-2">
      {children}
    </a>
  );
}
