import { useTranslation } from "react-i18next";

// On a valid ticket page: the holder's own invite link (/i/<code>), written out to copy or send,
// and how many friends have registered through it. The link names no ticket and opens nothing
// of theirs. Plain HTML (the ticket page ships no framework JavaScript): a tap selects the whole
// link, a long press copies it. `children`: the share buttons (modules/share) sending the same link.

export function InviteCard({ link, invited, children }: { link: string; invited: number; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="invite-title"
      data-testid="invite-card"
      className="no-print mx-auto mt-8 max-w-md rounded-2xl border border-brand-200 bg-brand-50 p-5"
    >
      <h2 id="invite-title" className="text-lg font-bold text-brand-900">
        {t("invite.heading")}
      </h2>
      <p className="mt-2 text-sm text-gray-700">{t("invite.lead")}</p>
      <dl className="mt-4">
        <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{t("invite.linkLabel")}</dt>
        <dd
          className="mt-1 rounded-lg border border-brand-300 bg-white px-3 py-2.5 font-mono text-base font-semibold break-all text-brand-900 select-all"
          data-testid="invite-link"
        >
          {link}
        </dd>
      </dl>
      <p className="mt-1 text-xs text-gray-600">{t("invite.copyHint")}</p>
      <p className="mt-3 text-sm font-medium text-brand-900">{invited > 0 ? t("invite.count", { count: invited }) : t("invite.none")}</p>
      {children ? <div className="mt-4 border-t border-brand-200 pt-4">{children}</div> : null}
    </section>
  );
}
