import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { translateMessage } from "~/i18n/message-key";
import { HumanCheckFields } from "~/ui/human-check-fields";

/** "Lost your ticket?": the same answer whether or not the address registered (no enumeration). */
export function LostTicket({
  sent,
  error,
  email,
  submitting,
  stamp,
}: {
  sent: boolean;
  error?: string;
  /** what was typed, back after an answer (an error above all) */
  email?: string;
  submitting: boolean;
  stamp: string;
}) {
  const { t } = useTranslation();
  return (
    <details className="mt-8 rounded-xl border border-gray-200 bg-gray-50 p-4" open={sent || Boolean(error)}>
      <summary className="cursor-pointer font-semibold text-gray-900">{t("lostTicket.title")}</summary>
      {/* The target of /register#lost-ticket (from a retired ticket link): the browser opens the details to show it. */}
      <p id="lost-ticket" className="mt-2 text-sm text-gray-600">
        {t("lostTicket.lead")}
      </p>
      {sent ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
          {t("lostTicket.sent")}
        </p>
      ) : null}
      <Form method="post" noValidate className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="intent" value="resend" />
        <HumanCheckFields stamp={stamp} />
        <label htmlFor="lost-ticket-email" className="sr-only">
          {t("lostTicket.emailLabel")}
        </label>
        <input
          id="lost-ticket-email"
          name="email"
          // An e-mail address or a phone number: a text field, so a phone's keyboard can give either.
          type="text"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={email}
          placeholder={t("lostTicket.placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "lost-ticket-error" : undefined}
          className="flex-1 rounded-lg border border-gray-300 px-3 py-2.5 text-base"
        />
        <button
          type="submit"
          disabled={submitting}
          data-busy-label={t("lostTicket.sending")}
          className="rounded-lg bg-gray-900 px-4 py-2.5 font-semibold text-white hover:bg-gray-800 disabled:opacity-70"
        >
          {submitting ? t("lostTicket.sending") : t("lostTicket.resend")}
        </button>
      </Form>
      {error ? (
        <p id="lost-ticket-error" className="mt-1 text-sm text-red-700">
          {translateMessage(t, error)}
        </p>
      ) : null}
    </details>
  );
}
