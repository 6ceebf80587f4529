import { Trans, useTranslation } from "react-i18next";
import { EMAIL_CHOICE } from "~/modules/person/email-suggestion";
import { PHONE_CHOICE } from "~/modules/person/phone-choice";

/** The phone number typed is registered already: how the ticket would go again, and whether it went. */
export type PhoneQuestionState = { emails: string[]; sms: boolean; sent?: boolean };

const BUTTON = "rounded-lg px-4 py-2.5 font-semibold disabled:opacity-70";

/**
 * Under a phone number already registered: never a silent second registration. "Send my ticket
 * again" sends each registration with this number its own ticket ("Lost your ticket?"'s limits),
 * by SMS when the site sends SMS, else to the addresses on file, shown masked; "This is someone
 * else" registers anyway (families share phones), within the per-number limit. Both are submit
 * buttons of the form, so they work without JavaScript.
 */
export function PhoneQuestion({ state }: { state: PhoneQuestionState }) {
  const { t } = useTranslation();
  return (
    <div
      data-question=""
      data-testid="phone-question"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2"
    >
      {/* The address was settled before this question ("Did you mean …?"): not asked again. */}
      <input type="hidden" name={EMAIL_CHOICE.name} value={EMAIL_CHOICE.keep} />
      {state.sent ? (
        <p role="status" className="font-semibold text-green-900">
          {t(state.sms ? "register.phoneQuestion.sentSms" : "register.phoneQuestion.sentEmail")}
        </p>
      ) : (
        <>
          <p role="status" className="font-semibold">
            {t("register.phoneQuestion.lead")}
          </p>
          <p className="mt-1">
            {state.sms ? (
              t("register.phoneQuestion.bySms")
            ) : (
              <Trans
                t={t}
                i18nKey="register.phoneQuestion.byEmail"
                count={state.emails.length}
                values={{ emails: state.emails.join(", ") }}
                components={{ email: <strong className="break-all" /> }}
              />
            )}
          </p>
        </>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {state.sent ? null : (
          <button
            type="submit"
            name={PHONE_CHOICE.name}
            value={PHONE_CHOICE.resend}
            // Without JavaScript the answered page opens at its top: the question is brought into view.
            // biome-ignore lint/a11y/noAutofocus: the one thing the answered page asks, out of view otherwise
            autoFocus
            className={`${BUTTON} bg-gray-900 text-white hover:bg-gray-800`}
          >
            {t("register.phoneQuestion.resend")}
          </button>
        )}
        <button
          type="submit"
          name={PHONE_CHOICE.name}
          value={PHONE_CHOICE.someoneElse}
          className={`${BUTTON} border border-gray-400 bg-white text-gray-900 hover:bg-gray-50`}
        >
          {t("register.phoneQuestion.someoneElse")}
        </button>
      </div>
      <p className="mt-2">{t("register.phoneQuestion.someoneElseHint")}</p>
    </div>
  );
}
