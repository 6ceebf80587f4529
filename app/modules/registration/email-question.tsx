import { Trans, useTranslation } from "react-i18next";
import { EMAIL_CHOICE } from "~/modules/person/email-suggestion";

/**
 * "Did you mean sani.garba@gmail.com?" under the e-mail field, before anything is registered.
 * Both answers are submit buttons of the registration form: "Use this" registers with the
 * suggested address, "No, keep mine" with the one typed. The server asks it (no JavaScript);
 * the page's script asks the same in place, filling in this box, which the page always carries
 * hidden (`template`) for it.
 */
export function EmailQuestion({ suggestion, template = false }: { suggestion: string; template?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      data-email-question=""
      data-question=""
      hidden={template}
      data-testid="email-question"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2"
    >
      <p role="status" className="font-semibold">
        <Trans
          t={t}
          i18nKey="register.emailQuestion.lead"
          values={{ email: suggestion }}
          components={{ email: <strong data-suggestion="" className="break-all" /> }}
        />
      </p>
      <p className="mt-1">{t("register.emailQuestion.hint")}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="submit"
          name={EMAIL_CHOICE.name}
          value={EMAIL_CHOICE.use}
          // Without JavaScript the answered page opens at its top: the question is brought into view.
          // biome-ignore lint/a11y/noAutofocus: the one thing the answered page asks, out of view otherwise
          autoFocus={!template}
          className="rounded-lg bg-gray-900 px-4 py-2.5 font-semibold text-white hover:bg-gray-800 disabled:opacity-70"
        >
          {t("register.emailQuestion.use")}
        </button>
        <button
          type="submit"
          name={EMAIL_CHOICE.name}
          value={EMAIL_CHOICE.keep}
          className="rounded-lg border border-gray-400 bg-white px-4 py-2.5 font-semibold text-gray-900 hover:bg-gray-50 disabled:opacity-70"
        >
          {t("register.emailQuestion.keep")}
        </button>
      </div>
    </div>
  );
}
