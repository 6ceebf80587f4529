import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LANGUAGES, withLanguage } from "~/i18n/languages";

/**
 * "English · Hausa": plain links to this page in each language, so it works without JavaScript;
 * the server remembers the choice (server/language.ts). Each name is written in its own language.
 */
/** The switch above a page's single card (ticket, waitlist, confirmations), at the card's right edge. */
export function CardLanguageSwitch({ className = "" }: { className?: string }) {
  return <LanguageSwitch className={`mx-auto mb-4 flex max-w-md justify-end text-gray-700 ${className}`} />;
}

export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation("common");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <nav aria-label={t("language.switchLabel")} className={`text-sm ${className}`}>
      <ul className="flex items-center gap-1">
        {LANGUAGES.map((language, index) => (
          <li key={language.code} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">·</span> : null}
            {language.code === i18n.language ? (
              <span lang={language.code} aria-current="true" className="font-semibold">
                {language.name}
              </span>
            ) : (
              <a
                href={withLanguage(here, language.code)}
                hrefLang={language.code}
                lang={language.code}
                className="underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                {language.name}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
