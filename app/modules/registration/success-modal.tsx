import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Address } from "~/ui/address";
import { CheckCircleIcon } from "~/ui/icons";
import { Modal } from "~/ui/modal";
import { useHydrated } from "~/ui/use-hydrated";

/** saveUrl: "Save ticket", the ticket's image through a short-lived token of its own (never the self-service link). */
export type RegistrationSuccess = { email: string; ticketId: string; qrSvg: string; saveUrl?: string };

/** 'Ticket Sent Successfully!' with the e-mail and ticket ID, plus the ticket's QR code for the door. */
export function SuccessModal({
  success,
  onClose,
  share,
}: {
  success: RegistrationSuccess;
  onClose: () => void;
  /** the share buttons, under the ticket (the route places them) */
  share?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  return (
    <Modal
      title={t("register.success.title")}
      onClose={onClose}
      closeHref="/register"
      icon={
        <div className="mx-auto mb-3 flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckCircleIcon className="h-8 w-8" />
        </div>
      }
    >
      <p className="mt-3 text-center text-gray-700">
        <Trans
          t={t}
          i18nKey="register.success.sentTo"
          values={{ email: success.email }}
          components={{ email: <Address className="text-gray-900" /> }}
        />
      </p>
      <div className="mt-4 rounded-xl border border-green-200 bg-green-50 p-4 text-center">
        <p className="text-xs font-semibold tracking-wide text-green-800 uppercase">{t("register.success.ticketId")}</p>
        <p className="mt-1 font-mono text-lg font-bold whitespace-nowrap text-gray-900" data-testid="ticket-id">
          {success.ticketId}
        </p>
        <img
          className="mx-auto mt-3 h-40 w-40"
          width={160}
          height={160}
          alt={t("register.success.qrAlt")}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(success.qrSvg)}`}
        />
      </div>
      {success.saveUrl ? (
        // The ticket for the phone's gallery, shown at the door without a signal: a download, with or without JavaScript.
        <div className="mt-4 text-center">
          <a
            href={success.saveUrl}
            download={`ticket-${success.ticketId}.png`}
            className="inline-block w-full rounded-xl bg-green-700 px-4 py-3 font-semibold text-white hover:bg-green-800"
          >
            {t("ticket.save")}
          </a>
          <p className="mt-2 text-sm text-gray-600">{t("ticket.saveHint")}</p>
        </div>
      ) : null}
      <p className="mt-4 text-sm text-gray-600">{t("register.success.explain")}</p>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        {hydrated ? (
          <button type="button" onClick={onClose} className="rounded-xl bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800">
            {t("register.success.gotIt")}
          </button>
        ) : (
          <a
            href="/register"
            data-modal-close=""
            className="rounded-xl bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800"
          >
            {t("register.success.gotIt")}
          </a>
        )}
        <Link to="/" className="rounded-xl border border-gray-300 px-4 py-3 text-center font-semibold text-gray-800 hover:bg-gray-50">
          {t("common:backHome")}
        </Link>
      </div>
      {/* After the dialog's own actions: passing the word on comes second to keeping the ticket. */}
      {share ? <div className="mt-6 border-t border-gray-200 pt-5">{share}</div> : null}
    </Modal>
  );
}
