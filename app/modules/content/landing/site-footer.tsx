import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MailIcon, MapPinIcon, PhoneIcon } from "~/ui/icons";
import { SECTIONS } from "./site-nav";

type FooterProps = {
  name: string;
  contactEmail: string;
  contactPhone: string;
  venue: string;
  social: { facebook: string; twitter: string; instagram: string };
  /** the event's year, not the year the site was built */
  year: number;
};

const SOCIAL_PATHS = {
  facebook: "M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z",
  twitter: "M4 4l16 16M20 4 4 20",
  instagram: "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm5 6a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-2.5h.01",
} as const;
const SOCIAL_LABELS = { facebook: "Facebook", twitter: "X (Twitter)", instagram: "Instagram" } as const;

export function SiteFooter({ name, contactEmail, contactPhone, venue, social, year }: FooterProps) {
  const { t } = useTranslation();
  // Social icons are hidden while their targets are empty (until organisers set the social links).
  const links = (Object.keys(SOCIAL_PATHS) as (keyof typeof SOCIAL_PATHS)[]).filter((k) => social[k]);
  return (
    <footer className="bg-gray-950 py-12 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{name}</p>
          <p className="mt-3 text-sm">{t("footer.mission")}</p>
          {links.length ? (
            <ul className="mt-4 flex gap-3">
              {links.map((k) => (
                <li key={k}>
                  <a
                    href={social[k]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block rounded-full bg-white/10 p-2 hover:bg-white/20"
                  >
                    <span className="sr-only">{SOCIAL_LABELS[k]}</span>
                    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
                      <path d={SOCIAL_PATHS[k]} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-label={t("footer.quickLinks")}>
          <h2 className="font-semibold text-white">{t("footer.quickLinks")}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {SECTIONS.filter((section) => section !== "register").map((section) => (
              <li key={section}>
                <a href={`#${section}`} className="hover:text-white">
                  {t(`nav.${section}`)}
                </a>
              </li>
            ))}
            <li>
              <Link to="/register" className="hover:text-white">
                {t("nav.register")}
              </Link>
            </li>
            <li>
              <Link to="/register#lost-ticket" className="hover:text-white">
                {t("lostTicket.title")}
              </Link>
            </li>
            <li>
              <Link to="/editions" className="hover:text-white">
                {t("footer.pastEditions")}
              </Link>
            </li>
            <li>
              <Link to="/admin/login" className="hover:text-white">
                {t("footer.adminLogin")}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{t("footer.contact")}</h2>
          <ul className="mt-3 space-y-3 text-sm">
            <li className="flex items-center gap-2">
              <MailIcon className="h-4 w-4 shrink-0" />
              <a href={`mailto:${contactEmail}`} className="break-all hover:text-white">
                {contactEmail}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <PhoneIcon className="h-4 w-4 shrink-0" />
              <a href={`tel:${contactPhone.replace(/[^\d+]/g, "")}`} className="hover:text-white">
                {contactPhone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPinIcon className="h-4 w-4 shrink-0" /> {venue}
            </li>
          </ul>
        </div>
      </div>
      <p className="mx-auto mt-10 max-w-6xl border-t border-white/10 px-4 pt-6 text-center text-sm text-gray-400">
        {t("footer.copyright", { year, name })}
      </p>
    </footer>
  );
}
