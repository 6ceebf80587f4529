import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { translateMessage } from "~/i18n/message-key";
import { DialToRegister } from "~/ui/dial-to-register";

type Props = {
  isOpen: boolean;
  message: string;
  spotsRemaining: number;
  /** fully booked: the waitlist is open */
  waitlist: boolean;
  /** the share buttons, under the call to register (the route places them) */
  share?: React.ReactNode;
  /** the USSD code to register without data (USSD_CODE) */
  ussdCode?: string;
};

export function RegisterCta({ isOpen, message, spotsRemaining, waitlist, share, ussdCode }: Props) {
  const { t } = useTranslation();
  const perks = ["free", "limited", "instant"] as const;
  return (
    <section id="register" className="bg-gradient-to-br from-brand-800 to-brand-900 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h2 className="text-3xl font-bold">{t("cta.heading")}</h2>
        {isOpen ? (
          <>
            <p className="mt-3 text-brand-100">{t("cta.closesWhenFull")}</p>
            <ul className="mt-8 grid gap-4 sm:grid-cols-3">
              {perks.map((p) => (
                <li key={p} className="rounded-2xl bg-white/10 p-5">
                  <span className="block text-2xl font-extrabold text-accent-400">{t(`cta.perks.${p}.title`)}</span>
                  <span className="mt-1 block text-sm text-brand-50">{t(`cta.perks.${p}.text`)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-sm text-brand-100">{t("cta.seatsRemaining", { count: spotsRemaining })}</p>
            <Link
              to="/register"
              className="mt-4 inline-block rounded-xl bg-accent-400 px-8 py-4 text-lg font-bold text-brand-900 shadow-lg hover:bg-accent-500"
            >
              {t("nav.registerNow")}
            </Link>
            <DialToRegister code={ussdCode} className="mt-4 text-brand-50" />
          </>
        ) : (
          <>
            <p role="status" className="mx-auto mt-6 max-w-xl rounded-2xl bg-white/10 p-6 text-xl font-semibold">
              {translateMessage(t, message)}
            </p>
            {waitlist ? (
              <>
                <p className="mt-6 text-brand-100">{t("cta.waitlistLead")}</p>
                <Link
                  to="/register"
                  className="mt-4 inline-block rounded-xl bg-accent-400 px-8 py-4 text-lg font-bold text-brand-900 shadow-lg hover:bg-accent-500"
                >
                  {t("cta.joinWaitlist")}
                </Link>
              </>
            ) : null}
          </>
        )}
        {share ? <div className="mx-auto mt-10 max-w-2xl border-t border-white/15 pt-8">{share}</div> : null}
        {/* Whoever registered already and cannot find the e-mail: the way to the ticket, open or full. */}
        <p className="mt-6 text-sm">
          <Link to="/register#lost-ticket" className="font-medium text-brand-50 underline underline-offset-2 hover:text-white">
            {t("lostTicket.title")}
          </Link>
        </p>
      </div>
    </section>
  );
}
