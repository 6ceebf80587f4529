import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { translateMessage } from "~/i18n/message-key";
import { ChoiceButtons } from "~/ui/choice-buttons";
import { FormField } from "~/ui/form-field";
import { BUTTON, FIELD_DESCRIPTION, FIELD_ERROR, INPUT } from "~/ui/styles";
import type { SurveyDefaults } from "./survey.server";
import { parseSurvey, RATINGS, SURVEY_TEXT_MAX, YES_NO } from "./survey-schema";

// The survey's form: a plain post (no JavaScript needed), checked in the browser with the same
// schema when there is JavaScript. Those who came: the rating, the most useful session, come
// again, what should change; those who did not: what kept them away, and next time.

type Props = {
  attended: boolean;
  sessions: { id: string; label: string }[];
  /** the saved answer, to change */
  answer: SurveyDefaults | null;
  lastResult: SubmissionResult<string[]> | undefined;
  submitting: boolean;
};

export function SurveyForm({ attended, sessions, answer, lastResult, submitting }: Props) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useForm({
    id: "survey",
    lastResult,
    defaultValue: answer ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSurvey(formData, attended),
  });
  const value = (field: { initialValue?: unknown }) => (typeof field.initialValue === "string" ? field.initialValue : "");
  const fieldErrors = Object.entries(form.allErrors).some(([name, errors]) => name !== form.name && errors.length > 0);
  const formErrors = form.errors ?? [];
  const yesNo = YES_NO.map((choice) => ({ value: choice, label: t(`feedback.${choice}`) }));

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-6">
      {formErrors.length > 0 || fieldErrors ? (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {formErrors.length > 0 ? formErrors.map((message) => <p key={message}>{translateMessage(t, message)}</p>) : null}
          {fieldErrors ? <p>{t("feedback.errors.check")}</p> : null}
        </div>
      ) : null}

      {attended ? (
        <ChoiceButtons
          legend={t("feedback.rating")}
          name={fields.rating.name}
          id={fields.rating.id}
          errorId={fields.rating.errorId}
          error={fields.rating.errors?.[0]}
          defaultValue={value(fields.rating)}
          required
          columns="grid-cols-5"
          choices={RATINGS.map((rating) => ({
            value: rating,
            label: rating,
            spoken: rating === "1" ? t("feedback.ratingLow") : rating === "5" ? t("feedback.ratingHigh") : undefined,
          }))}
          ends={{ low: t("feedback.ratingLow"), high: t("feedback.ratingHigh") }}
        />
      ) : null}

      {attended && sessions.length > 0 ? (
        <FormField label={t("feedback.session")} id={fields.session.id} errorId={fields.session.errorId} error={fields.session.errors?.[0]}>
          <select {...getSelectProps(fields.session)} className={INPUT}>
            <option value="">{t("feedback.sessionNone")}</option>
            {sessions.map((session) => (
              <option key={session.id} value={session.id}>
                {session.label}
              </option>
            ))}
          </select>
        </FormField>
      ) : null}

      <ChoiceButtons
        legend={attended ? t("feedback.comeAgain") : t("feedback.comeAgainAbsent")}
        name={fields.comeAgain.name}
        id={fields.comeAgain.id}
        errorId={fields.comeAgain.errorId}
        error={fields.comeAgain.errors?.[0]}
        defaultValue={value(fields.comeAgain)}
        required
        columns="grid-cols-2"
        choices={yesNo}
      />

      <div className="space-y-3">
        <FormField
          label={attended ? t("feedback.change") : t("feedback.changeAbsent")}
          id={fields.change.id}
          errorId={fields.change.errorId}
          error={fields.change.errors?.[0]}
          description={t("feedback.changeHint", { max: formatNumber(languageOr(i18n.language), SURVEY_TEXT_MAX) })}
        >
          <textarea {...getTextareaProps(fields.change)} rows={5} className={INPUT} />
        </FormField>
        <div>
          <label htmlFor={fields.quoteMe.id} className="flex items-start gap-3 text-sm font-medium text-gray-800">
            <input
              type="checkbox"
              id={fields.quoteMe.id}
              name={fields.quoteMe.name}
              defaultChecked={value(fields.quoteMe) === "on"}
              aria-describedby={`${fields.quoteMe.id}-hint`}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300 accent-brand-700"
            />
            {t("feedback.quoteMe")}
          </label>
          <p id={`${fields.quoteMe.id}-hint`} className={`${FIELD_DESCRIPTION} ml-8`}>
            {t("feedback.quoteMeHint")}
          </p>
          {fields.quoteMe.errors?.[0] ? <p className={`${FIELD_ERROR} ml-8`}>{translateMessage(t, fields.quoteMe.errors[0])}</p> : null}
        </div>
      </div>

      <button type="submit" disabled={submitting} className={`${BUTTON.primary} w-full py-3 text-base`}>
        {submitting ? t("feedback.sending") : answer ? t("feedback.update") : t("feedback.send")}
      </button>
    </Form>
  );
}
