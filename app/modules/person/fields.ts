import { parse, type Submission } from "@conform-to/react";
import * as z from "zod/mini";
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, EMAIL_PATTERN } from "~/db/email";
import { FULL_NAME_MAX } from "~/db/full-name";
import { LINE_TEXT, LINES_TEXT } from "~/db/text";
import { messageKey } from "~/i18n/message-key";
import { type FormVerdict, formVerdict } from "~/ui/form-verdict";
import { GENDERS } from "./gender";
import { isValidLga, isValidState } from "./nigeria";
import { nameProblem } from "./person-name";
import { phoneProblem } from "./phone";

// One schema for the browser and the server, with the product's messages word for word
// (catalogue keys: whoever shows a message translates it, ~/i18n/message-key.ts);
// a state from Nigeria's list, an LGA of that state, and the NDPA consent are required as stated.
// Every text field is checked and stored by the one text rule (~/db/text): no control characters,
// line breaks only in the reason (a textarea), NFC.
// Written with zod/mini, not classic zod: the form ships this schema to every
// visitor's phone, and mini's functions tree-shake (about 20 KB gzipped less).

const requiredText = (required: string, max: number, tooLong: string, pattern?: { regex: RegExp; message: string }) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      ...LINE_TEXT,
      z.minLength(1, required),
      z.maxLength(max, tooLong),
      ...(pattern ? [z.regex(pattern.regex, pattern.message)] : []),
    );

const optionalText = (max: number, text = LINE_TEXT) =>
  z._default(z.optional(z.string().check(z.trim(), ...text, z.maxLength(max, messageKey("validation.tooLong", { max })))), "");

/**
 * The person's own details, checked alike wherever they are typed: registration, and "Correct my
 * details" on the ticket page and the organisers' attendee page (modules/corrections).
 */
export const personDetailsFields = {
  // A name goes into the mails sent to the address given with it: a name, not a link (person-name.ts).
  fullName: requiredText("validation.fullNameRequired", FULL_NAME_MAX, messageKey("validation.tooLong", { max: FULL_NAME_MAX })).check(
    z.superRefine((name, ctx) => {
      const problem = nameProblem(name);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: name });
    }),
  ),
  // A Nigerian number, or another country's with its + code (phone.ts, ADR 014); a wrong one is told what is wrong.
  phone: requiredText("validation.phoneRequired", 30, "validation.phone").check(
    z.superRefine((phone, ctx) => {
      const problem = phoneProblem(phone);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: phone });
    }),
  ),
  gender: z.enum(GENDERS, { error: "validation.gender" }),
  organization: optionalText(160),
  position: optionalText(120),
  state: optionalText(60).check(z.refine((s) => s === "" || isValidState(s), "validation.state")),
  localGovernment: optionalText(80),
};

/** An e-mail address as every form takes it: one bare address (ADR 010). */
export const emailField = requiredText("validation.emailRequired", EMAIL_MAX_LENGTH, EMAIL_MESSAGE, {
  regex: EMAIL_PATTERN,
  message: EMAIL_MESSAGE,
});

/** A local government of the chosen state, or none. */
export const lgaOfState = z.superRefine((value: { state: string; localGovernment: string }, ctx) => {
  if (value.localGovernment && (!value.state || !isValidLga(value.state, value.localGovernment))) {
    ctx.addIssue({
      code: "custom",
      path: ["localGovernment"],
      message: value.state ? messageKey("validation.lgaOfState", { state: value.state }) : "validation.stateFirst",
    });
  }
});

// The form's order: the e-mail address after the name.
const { fullName, ...otherDetails } = personDetailsFields;

export const registrationSchema = z
  .object({
    fullName,
    email: emailField,
    ...otherDetails,
    reason: optionalText(2000, LINES_TEXT),
    consent: z.literal("on", { error: "validation.consent" }),
    // "Tell me about future editions": a consent of its own, optional and unticked by default.
    futureEditions: z.optional(z.literal("on", { error: "validation.futureEditions" })),
    // "Also send my ticket by SMS" (shown when the site can send SMS).
    sms: z.optional(z.literal("on", { error: "validation.sms" })),
    // "Send my ticket on WhatsApp too" (shown when WhatsApp is configured): a consent of its own,
    // recorded with its time and notice (person/whatsapp-consent.server.ts), unticked by default.
    whatsapp: z.optional(z.literal("on", { error: "validation.whatsapp" })),
  })
  .check(lgaOfState);

export type RegistrationInput = z.output<typeof registrationSchema>;

const EMAIL_OR_PHONE_MESSAGE = "validation.emailOrPhone";

/** "Lost your ticket?": the e-mail address or the phone number registered with, to send the ticket to again. */
export const resendSchema = z.object({
  email: z.string({ error: EMAIL_OR_PHONE_MESSAGE }).check(
    z.trim(),
    ...LINE_TEXT,
    z.maxLength(EMAIL_MAX_LENGTH, EMAIL_OR_PHONE_MESSAGE),
    z.refine((value) => EMAIL_PATTERN.test(value) || phoneProblem(value) === null, EMAIL_OR_PHONE_MESSAGE),
  ),
});

/** Whether a "Lost your ticket?" answer is a phone number (else an e-mail address). */
export function isResendByPhone(value: string): boolean {
  return !EMAIL_PATTERN.test(value) && phoneProblem(value) === null;
}

/** The schema's verdict on a form's fields, with every message per field name. */
export type RegistrationVerdict = FormVerdict<RegistrationInput>;

/**
 * The browser's validation: the same result as the server's `parseWithZod(formData, { schema: registrationSchema })`
 * (schema.test.ts compares the two) without @conform-to/zod, whose coercion imports classic zod and would put it back
 * into the page. Conform's coercion does for this schema's fields only one thing: an empty value counts as missing.
 * Used by the React form (through Conform) and by the script of the page served without React.
 */
export function validateRegistration(payload: Record<string, unknown>): RegistrationVerdict {
  return formVerdict(registrationSchema, payload);
}

/** The React form's validation through Conform (see validateRegistration). */
export function parseRegistration(formData: FormData): Submission<RegistrationInput> {
  return parse(formData, { resolve: validateRegistration });
}

/** Field order of the form, so joined messages (', '-separated) read top to bottom. */
export const REGISTRATION_FIELDS = [
  "fullName",
  "email",
  "phone",
  "gender",
  "organization",
  "position",
  "state",
  "localGovernment",
  "reason",
  "consent",
  "futureEditions",
  "sms",
  "whatsapp",
] as const;

/** Each field's first message, translated by `translate`, in one line for the toast. */
export function joinFieldErrors(
  errors: Record<string, string[] | null | undefined> | undefined,
  translate: (message: string) => string = (message) => message,
): string {
  if (!errors) return "";
  return REGISTRATION_FIELDS.flatMap((field) => errors[field]?.[0] ?? [])
    .map(translate)
    .join(", ");
}
