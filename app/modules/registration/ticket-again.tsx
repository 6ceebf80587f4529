import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/message-key";
import { FIELD_ERROR } from "~/ui/styles";
import { TICKET_AGAIN_BUTTON } from "./ticket-again-button";

export type TicketAgainState = { sent: boolean; error?: string };

/**
 * Under an e-mail address that is already registered: the way forward, "Send my ticket again",
 * a button of the registration form itself (so it works without JavaScript), which does what
 * "Lost your ticket?" does, with its throttle and its answer that says nothing about who registered.
 */
export function TicketAgain({ state, submitting }: { state: TicketAgainState; submitting: boolean }) {
  const { t } = useTranslation();
  if (state.sent)
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900 sm:col-span-2">
        {t("lostTicket.sent")}
      </p>
    );
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2" data-testid="ticket-again">
      <p>{t("register.ticketAgain.lead")}</p>
      <button
        type="submit"
        name={TICKET_AGAIN_BUTTON.name}
        value={TICKET_AGAIN_BUTTON.value}
        // Only the address matters here: the rest of the form is not checked again.
        formNoValidate
        disabled={submitting}
        data-busy-label={t("lostTicket.sending")}
        className="mt-2 rounded-lg bg-gray-900 px-4 py-2.5 font-semibold text-white hover:bg-gray-800 disabled:opacity-70"
      >
        {submitting ? t("lostTicket.sending") : t("register.ticketAgain.button")}
      </button>
      {state.error ? <p className={FIELD_ERROR}>{translateMessage(t, state.error)}</p> : null}
    </div>
  );
}
