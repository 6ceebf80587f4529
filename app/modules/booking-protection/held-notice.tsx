import { Trans, useTranslation } from "react-i18next";
import { Form } from "react-router";
import { translateMessage } from "~/i18n/message-key";
import { Address } from "~/ui/address";
import { INPUT } from "~/ui/styles";

type Props = {
  email: string;
  codeForm: string;
  error?: string;
  /** how long the code works (Event Settings) */
  hours?: number;
  /** a held waitlist join is a place in line to confirm, not a seat */
  intent?: "register" | "waitlist";
};

/**
 * What /register shows when a registration is held during an attack: where the confirmation
 * went, and the six-digit code form (a plain form: it works without JavaScript).
 */
export function HeldNotice({ email, codeForm, error, hours, intent = "register" }: Props) {
  const { t } = useTranslation();
  const joining = intent === "waitlist";
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-6">
      <p className="text-lg font-semibold text-amber-900">{t(joining ? "heldNotice.waitlistTitle" : "heldNotice.title")}</p>
      <p className="mt-2 text-amber-900">
        {email ? (
          <Trans
            t={t}
            i18nKey={joining ? "heldNotice.waitlistExplain" : "heldNotice.explain"}
            values={{ email }}
            components={{ email: <Address /> }}
          />
        ) : (
          t("heldNotice.explainNoAddress")
        )}
      </p>
      <Form method="post" action="/register/confirm" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="held" value={codeForm} />
        <label className="flex flex-col gap-1 text-sm font-medium text-gray-900">
          {t("heldNotice.codeLabel")}
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "held-code-error" : undefined}
            className={`${INPUT} sm:w-40`}
          />
        </label>
        <button type="submit" className="rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t(joining ? "heldNotice.waitlistConfirm" : "heldNotice.confirm")}
        </button>
      </Form>
      {error ? (
        <p id="held-code-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
          {translateMessage(t, error)}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-amber-800">
        {t("heldNotice.spam")}
        {hours ? ` ${t("heldNotice.codeHours", { count: hours })}` : ""}
      </p>
    </div>
  );
}
