import * as z from "zod/mini";
import { emailField, lgaOfState, personDetailsFields } from "~/modules/person/fields";
import { type FormVerdict, formVerdict } from "~/ui/form-verdict";

// "Correct my details" (the ticket page) and the organisers' Edit details (the attendee page):
// the same fields as registration, checked by the same rules (the text rule and NFC, names
// without links, the phone rule, an LGA of the chosen state), so a correction can never store
// what registering could not.

const selfCorrectionSchema = z.object(personDetailsFields).check(lgaOfState);
export type SelfCorrection = z.output<typeof selfCorrectionSchema>;

/** Organisers also correct the e-mail address (empty only for a USSD registration) and may lock the details. */
const organiserCorrectionSchema = z
  .object({ ...personDetailsFields, email: z.optional(emailField), locked: z.optional(z.literal("on")) })
  .check(lgaOfState);
export type OrganiserCorrection = z.output<typeof organiserCorrectionSchema>;

const CORRECTION_FIELDS = ["fullName", "email", "phone", "gender", "organization", "position", "state", "localGovernment"] as const;

/** The form's fields, read as text (a file or a missing field reads as empty). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of [...CORRECTION_FIELDS, "locked"]) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

export function checkSelfCorrection(form: FormData): FormVerdict<SelfCorrection> {
  return formVerdict(selfCorrectionSchema, formFields(form));
}

export function checkOrganiserCorrection(form: FormData): FormVerdict<OrganiserCorrection> {
  return formVerdict(organiserCorrectionSchema, formFields(form));
}
