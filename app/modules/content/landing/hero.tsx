import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DialToRegister } from "~/ui/dial-to-register";
import { CalendarIcon, ClockIcon, MapPinIcon } from "~/ui/icons";
import { Avatar } from "./avatar";

type HeroProps = {
  name: string;
  /** "First edition": the edition running now, from the data */
  edition: string;
  date: string;
  time: string;
  venue: string;
  about: string;
  guest: { name: string; title: string; imageUrl: string };
  registrationOpen: boolean;
  /** the USSD code to register without data (USSD_CODE), said under Register Now */
  ussdCode?: string;
};

export function Hero({ name, edition, date, time, venue, about, guest, registrationOpen, ussdCode }: HeroProps) {
  const { t } = useTranslation();
  return (
    <section
      id="home"
      className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 pt-24 pb-14 text-white sm:pt-28 sm:pb-20"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <p className="inline-block rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wider text-accent-400 uppercase">
            {t("hero.tagline", { edition })}
          </p>
          <h1 className="mt-4 text-4xl leading-tight font-extrabold sm:text-5xl">{name}</h1>
          {/* Not on a phone: at 360 × 640 the date and Register Now must fit the first screen, and the
              About section below says the same. */}
          <p className="mt-4 hidden max-w-2xl text-lg text-brand-50 sm:block">{about}</p>
          <ul className="mt-6 space-y-2 text-brand-50">
            <li className="flex items-center gap-2">
              <CalendarIcon className="h-5 w-5 text-accent-400" /> {date}
            </li>
            <li className="flex items-center gap-2">
              <ClockIcon className="h-5 w-5 text-accent-400" /> {time}
            </li>
            <li className="flex items-center gap-2">
              <MapPinIcon className="h-5 w-5 text-accent-400" /> {venue}
            </li>
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            {registrationOpen ? (
              <Link to="/register" className="rounded-xl bg-accent-400 px-6 py-3 font-bold text-brand-900 shadow-lg hover:bg-accent-500">
                {t("nav.registerNow")}
              </Link>
            ) : null}
            <a href="#about" className="rounded-xl border border-white/40 px-6 py-3 font-semibold hover:bg-white/10">
              {t("hero.aboutLink")}
            </a>
          </div>
          {registrationOpen ? <DialToRegister code={ussdCode} className="mt-4 text-brand-50" /> : null}
        </div>
        <figure className="mx-auto w-full max-w-xs rounded-2xl bg-white/10 p-6 text-center shadow-xl ring-1 ring-white/20">
          <Avatar
            name={guest.name}
            imageUrl={guest.imageUrl}
            size={160}
            // i18n-ignore: the avatar's style, not words
            placeholder="silhouette"
            priority
            className="mx-auto ring-4 ring-accent-400"
          />
          <figcaption className="mt-4">
            <span className="block text-xs font-semibold tracking-widest text-accent-400 uppercase">{t("hero.guestOfHonour")}</span>
            <span className="mt-1 block text-lg font-bold">{guest.name}</span>
            <span className="block text-sm text-brand-100">{guest.title}</span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
