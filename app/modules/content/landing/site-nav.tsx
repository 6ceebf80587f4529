import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { mediaImage } from "~/modules/media/media-url";
import { CloseIcon, MenuIcon } from "~/ui/icons";
import { LanguageSwitch } from "~/ui/language-switch";

/** The page's sections, by anchor; their names are `nav.<id>` in the catalogue. */
export const SECTIONS = ["home", "about", "organizers", "speakers", "agenda", "register"] as const;

/** The mobile menu's id: the menu button is a link to it, and the menu shows while it is the :target. */
const MENU_ID = "site-menu";
/** No element has this id: following the close link ends the menu's :target without scrolling anywhere. */
const MENU_CLOSED = "menu-closed";

/**
 * Fixed top navigation. Links are in-page anchors (CSS smooth scrolling, instant under
 * prefers-reduced-motion). The mobile menu works without JavaScript: the button is a link to
 * #site-menu, shown while it is the page's :target, so choosing a section (a link to another
 * anchor) closes it, and the phone's Back button does too.
 */
export function SiteNav({ name, logoUrl, logoWidth = 32 }: { name: string; logoUrl: string; logoWidth?: number }) {
  const { t } = useTranslation();
  return (
    <header className="group fixed inset-x-0 top-0 z-40 border-b border-white/10 bg-brand-900/95 text-white backdrop-blur">
      <nav aria-label={t("nav.main")} className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        {/* A long name takes two lines at most (the hero below says it whole), beside a logo at its own
            proportions; the sections' links need a wide screen, below it the menu holds them. */}
        <a href="#home" className="flex min-w-0 items-center gap-2 font-bold">
          {logoUrl ? (
            <img
              {...mediaImage(logoUrl, logoWidth)}
              alt=""
              width={logoWidth}
              height={32}
              // Its own proportions (the loaded picture's), within 80 px on a phone and 120 beyond.
              className="h-8 w-auto max-w-20 shrink-0 rounded object-contain sm:max-w-[7.5rem]"
            />
          ) : null}
          <span className="line-clamp-2 min-w-16 break-words text-sm leading-tight sm:text-lg">{name}</span>
        </a>
        <ul className="hidden shrink-0 items-center gap-5 text-sm font-medium lg:flex xl:gap-6">
          {SECTIONS.map((s) => (
            <li key={s}>
              <a href={`#${s}`} className="text-brand-100 hover:text-white">
                {t(`nav.${s}`)}
              </a>
            </li>
          ))}
          <li>
            <Link
              to="/register"
              className="whitespace-nowrap rounded-lg bg-accent-400 px-4 py-2 font-semibold text-brand-900 hover:bg-accent-500"
            >
              {t("nav.registerNow")}
            </Link>
          </li>
        </ul>
        <LanguageSwitch className="ml-auto mr-2 shrink-0 text-brand-50 lg:order-last lg:mr-0 lg:ml-6" />
        <div className="lg:hidden">
          <a
            href={`#${MENU_ID}`}
            aria-label={t("nav.menu")}
            aria-controls={MENU_ID}
            className="flex items-center rounded-lg p-2 hover:bg-white/10 group-has-[#site-menu:target]:hidden"
          >
            <MenuIcon className="h-6 w-6" />
          </a>
          <a
            href={`#${MENU_CLOSED}`}
            aria-label={t("nav.closeMenu")}
            aria-controls={MENU_ID}
            className="hidden items-center rounded-lg p-2 hover:bg-white/10 group-has-[#site-menu:target]:flex"
          >
            <CloseIcon className="h-6 w-6" />
          </a>
          <ul
            id={MENU_ID}
            className="absolute inset-x-0 top-16 hidden space-y-1 border-b border-white/10 bg-brand-900 px-4 pt-2 pb-4 shadow-xl target:block"
          >
            {SECTIONS.map((s) => (
              <li key={s}>
                <a href={`#${s}`} className="block rounded-lg px-3 py-3 text-brand-50 hover:bg-white/10">
                  {t(`nav.${s}`)}
                </a>
              </li>
            ))}
            <li>
              <Link to="/register" className="mt-2 block rounded-lg bg-accent-400 px-3 py-3 text-center font-semibold text-brand-900">
                {t("nav.registerNow")}
              </Link>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}
