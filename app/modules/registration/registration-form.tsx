import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { translateMessage } from "~/i18n/message-key";
import { PROOF_FIELD } from "~/modules/booking-protection/proof-of-work";
// The solver's own script, loaded by the page's script only when the form carries a challenge.
import solverUrl from "~/modules/booking-protection/proof-of-work-script.ts?worker&url";
import { joinFieldErrors, parseRegistration } from "~/modules/person/fields";
import { GENDERS } from "~/modules/person/gender";
import { allLgaOptionsHtml, lgaTexts } from "~/modules/person/lga-picker";
import { lgasOf, STATES_HOST_FIRST } from "~/modules/person/nigeria";
import { FormField } from "~/ui/form-field";
import { HumanCheckFields } from "~/ui/human-check-fields";
import { FIELD_ERROR, INPUT } from "~/ui/styles";
import { EmailQuestion } from "./email-question";
import { PhoneQuestion, type PhoneQuestionState } from "./phone-question";
import { TicketAgain, type TicketAgainState } from "./ticket-again";

type FieldMeta = { name: string; id: string; errorId: string; errors?: string[] };

type Props = {
  lastResult: SubmissionResult<string[]> | undefined;
  submitting: boolean;
  /** The same form, fields and checks register or put the person on the waitlist when the event is full. */
  intent?: "register" | "waitlist";
  /** the signed time the page was served (HumanCheckFields) */
  stamp: string;
  /** a proof-of-work challenge (during an attack), solved by the page's script into the PROOF_FIELD */
  challenge?: string | null;
  /** Shows the joined validation messages as a toast when the browser catches them. */
  onClientErrors: (message: string) => void;
  /** The e-mail address is already registered: offer to send the ticket again, or say it was sent. */
  ticketAgain?: TicketAgainState | null;
  /** "Did you mean …?": the address the typed one probably meant (email-suggestion.ts), asked before registering */
  emailQuestion?: string | null;
  /** The phone number is registered already: send the ticket again, or register someone else with it */
  phoneQuestion?: PhoneQuestionState | null;
  /** "Send my ticket again" is being sent */
  sendingAgain?: boolean;
  /** "Also send my ticket by SMS": shown when the site can send SMS, ticked when a gateway is set */
  sms?: { offered: boolean; ticked: boolean };
  /** "Send my ticket on WhatsApp too": shown when WhatsApp is configured, never ticked for the person */
  whatsapp?: boolean;
};

export function RegistrationForm({
  lastResult,
  submitting,
  onClientErrors,
  intent = "register",
  stamp,
  challenge,
  ticketAgain,
  emailQuestion,
  phoneQuestion,
  sendingAgain = false,
  sms = { offered: false, ticked: false },
  whatsapp = false,
}: Props) {
  // A field's error clears as soon as it is edited, until the next submit.
  const { t } = useTranslation();
  const [edited, setEdited] = useState<Set<string>>(() => new Set());
  const [form, fields] = useForm({
    id: "registration",
    lastResult,
    defaultValue: sms.offered && sms.ticked ? { sms: "on" } : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate({ formData }) {
      // Not parseWithZod: see parseRegistration for why the browser skips @conform-to/zod.
      const submission = parseRegistration(formData);
      if (submission.status === "error")
        onClientErrors(joinFieldErrors(submission.error ?? undefined, (message) => translateMessage(t, message)));
      return submission;
    },
  });
  const [state, setState] = useState(String(fields.state.initialValue ?? ""));
  const lgas = lgasOf(state);
  const lga = lgaTexts(t);
  // What a field shows: its first error, unless it was edited since the last submit.
  const shown = (meta: FieldMeta) => ({ id: meta.id, errorId: meta.errorId, error: edited.has(meta.name) ? undefined : meta.errors?.[0] });
  // ...and its control stops saying it is invalid (border, screen readers) as soon as the message goes.
  const cleared = (meta: FieldMeta) => (edited.has(meta.name) ? { "aria-invalid": undefined, "aria-describedby": undefined } : {});
  // The picker is re-created (key) when the state changes, so a choice from the old state goes.
  const lgaSelect = { ...getSelectProps(fields.localGovernment), ...cleared(fields.localGovernment), className: INPUT };

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      // The script of the page served without React validates forms marked so (register-page-script.ts).
      data-validate="registration"
      // The server validates with the same schema; native bubbles would hide our messages.
      noValidate
      // Every submit attempt shows every field's error again, also the ones typed into before
      // (conform's onSubmit runs only when the browser-side validation passes).
      onSubmitCapture={() => setEdited(new Set())}
      onInput={(event) => {
        const name = (event.target as HTMLInputElement).name;
        if (name) setEdited((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
      }}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value={intent} />
      <HumanCheckFields stamp={stamp} />
      {challenge ? <input type="hidden" name={PROOF_FIELD} value="" data-challenge={challenge} data-solver={solverUrl} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t("register.fields.fullName")} required {...shown(fields.fullName)}>
          <input
            {...getInputProps(fields.fullName, { type: "text" })}
            {...cleared(fields.fullName)}
            autoComplete="name"
            placeholder={t("register.placeholders.fullName")}
            className={INPUT}
          />
        </FormField>
        <FormField label={t("register.fields.email")} required {...shown(fields.email)}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            {...cleared(fields.email)}
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            className={INPUT}
          />
        </FormField>
        {/* Hidden until asked: the page's script fills it in when it asks in place. */}
        {emailQuestion ? <EmailQuestion suggestion={emailQuestion} /> : <EmailQuestion suggestion="" template />}
        {ticketAgain ? <TicketAgain state={ticketAgain} submitting={sendingAgain} /> : null}
        <FormField label={t("register.fields.phone")} required {...shown(fields.phone)}>
          <input
            {...getInputProps(fields.phone, { type: "tel" })}
            {...cleared(fields.phone)}
            autoComplete="tel"
            placeholder="0803 123 4567"
            className={INPUT}
          />
        </FormField>
        {phoneQuestion ? <PhoneQuestion state={phoneQuestion} /> : null}
        <FormField label={t("register.fields.gender")} required {...shown(fields.gender)}>
          <select {...getSelectProps(fields.gender)} {...cleared(fields.gender)} className={INPUT}>
            <option value="">{t("register.placeholders.gender")}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`register.genders.${gender}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t("register.fields.organization")} {...shown(fields.organization)}>
          <input
            {...getInputProps(fields.organization, { type: "text" })}
            {...cleared(fields.organization)}
            autoComplete="organization"
            placeholder={t("register.placeholders.organization")}
            className={INPUT}
          />
        </FormField>
        <FormField label={t("register.fields.position")} {...shown(fields.position)}>
          <input
            {...getInputProps(fields.position, { type: "text" })}
            {...cleared(fields.position)}
            autoComplete="organization-title"
            placeholder={t("register.placeholders.position")}
            className={INPUT}
          />
        </FormField>
        <FormField label={t("register.fields.state")} {...shown(fields.state)}>
          <select {...getSelectProps(fields.state)} {...cleared(fields.state)} onChange={(e) => setState(e.target.value)} className={INPUT}>
            <option value="">{t("register.placeholders.state")}</option>
            {STATES_HOST_FIRST.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label={t("register.fields.localGovernment")}
          {...shown(fields.localGovernment)}
          description={state ? undefined : lga.groupedHint}
        >
          {state ? (
            <select {...lgaSelect} key={state}>
              <option value="">{lga.choose}</option>
              {lgas.map((lga) => (
                <option key={lga} value={lga}>
                  {lga}
                </option>
              ))}
            </select>
          ) : (
            // Without JavaScript the list cannot follow the state choice, so it lists every state's LGAs in groups.
            <select
              {...lgaSelect}
              key=""
              // biome-ignore lint/security/noDangerouslySetInnerHtml: our own list, escaped, written once (lga-picker.ts)
              dangerouslySetInnerHTML={{ __html: allLgaOptionsHtml(lga, String(fields.localGovernment.initialValue ?? "")) }}
            />
          )}
        </FormField>
      </div>
      <FormField label={t("register.fields.reason")} {...shown(fields.reason)}>
        <textarea
          {...getTextareaProps(fields.reason)}
          {...cleared(fields.reason)}
          rows={4}
          placeholder={t("register.placeholders.reason")}
          className={INPUT}
        />
      </FormField>

      <div data-field="" data-error-id={fields.consent.errorId}>
        <label htmlFor={fields.consent.id} className="flex items-start gap-3 text-sm text-gray-700">
          <input
            {...getInputProps(fields.consent, { type: "checkbox" })}
            {...cleared(fields.consent)}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300 accent-brand-700"
          />
          <span>
            <Trans
              t={t}
              i18nKey="register.consent"
              components={{ privacy: <Link to="/privacy" className="font-medium text-brand-700 underline" /> }}
            />
          </span>
        </label>
        {shown(fields.consent).error ? (
          <p id={fields.consent.errorId} className={FIELD_ERROR}>
            {translateMessage(t, shown(fields.consent).error ?? "")}
          </p>
        ) : null}
      </div>

      {sms.offered ? (
        // The hint is the box's description, not part of its name: a screen reader says "Also send
        // my ticket by SMS, checkbox", then the details, instead of one run-on sentence.
        <div className="text-sm">
          <label htmlFor={fields.sms.id} className="flex items-start gap-3 text-gray-700">
            <input
              {...getInputProps(fields.sms, { type: "checkbox", ariaDescribedBy: fields.sms.descriptionId })}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300 accent-brand-700"
            />
            <span className="font-medium text-gray-900">{t("register.sms.label")}</span>
          </label>
          {/* Under the label's text (box 1.25rem + gap 0.75rem); no top margin, the box's own mt-0.5 is it. */}
          <p id={fields.sms.descriptionId} className="pl-8 text-gray-600">
            {t("register.sms.hint")}
          </p>
        </div>
      ) : null}

      {whatsapp ? (
        // A consent of its own (Meta's rules and the NDPA): optional, unticked unless the person
        // ticks it; the hint, as the SMS box's, is its description.
        <div className="text-sm">
          <label htmlFor={fields.whatsapp.id} className="flex items-start gap-3 text-gray-700">
            <input
              {...getInputProps(fields.whatsapp, { type: "checkbox", ariaDescribedBy: fields.whatsapp.descriptionId })}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300 accent-brand-700"
            />
            <span className="font-medium text-gray-900">{t("register.whatsapp.label")}</span>
          </label>
          <p id={fields.whatsapp.descriptionId} className="pl-8 text-gray-600">
            {t("register.whatsapp.hint")}
          </p>
        </div>
      ) : null}

      {/* A consent of its own (NDPA): optional, unticked unless the person ticks it. */}
      <div data-field="" data-error-id={fields.futureEditions.errorId}>
        <label htmlFor={fields.futureEditions.id} className="flex items-start gap-3 text-sm text-gray-700">
          <input
            {...getInputProps(fields.futureEditions, { type: "checkbox" })}
            {...cleared(fields.futureEditions)}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300 accent-brand-700"
          />
          <span>
            <span className="font-medium text-gray-900">{t("register.futureEditions.label")}</span>
            <span className="mt-0.5 block text-gray-600">{t("register.futureEditions.hint")}</span>
          </span>
        </label>
        {shown(fields.futureEditions).error ? (
          <p id={fields.futureEditions.errorId} className={FIELD_ERROR}>
            {translateMessage(t, shown(fields.futureEditions).error ?? "")}
          </p>
        ) : null}
      </div>

      <button
        type="submit"
        disabled={submitting}
        data-busy-label={t(`register.button.${intent}Busy`)}
        className="w-full rounded-xl bg-brand-700 px-6 py-3.5 text-lg font-semibold text-white shadow-lg transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {submitting ? t(`register.button.${intent}Busy`) : t(`register.button.${intent}`)}
      </button>
    </Form>
  );
}
