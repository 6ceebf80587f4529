import * as z from "zod/mini";
import { emailField, lgaOfState, personDetailsFields } from "~/modules/person/fields";
import { isValidState } from "~/modules/person/nigeria";
import { type FormVerdict, formVerdict } from "~/ui/form-verdict";

// A walk-in, as the volunteer types them at the door: the registration's rules (the text rule,
// names without links, the phone rule, an LGA of the chosen state), with the state and local
// government asked and the e-mail address optional (many walk-ins have none at hand). The consent
// is read out to the person and ticked by the volunteer. One schema for the server and the
// page's own check.

const required = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));

const walkInSchema = z
  .object({
    ...personDetailsFields,
    state: z.string({ error: "validation.state" }).check(z.trim(), z.refine(isValidState, "validation.state")),
    localGovernment: required("validation.lgaRequired"),
    email: z.optional(emailField),
    consent: z.literal("on", { error: "validation.consentReadOut" }),
    sms: z.optional(z.literal("on")),
    // "Send the ticket on WhatsApp too" (shown when WhatsApp is configured), asked and agreed aloud.
    whatsapp: z.optional(z.literal("on")),
    // "Someone else with this phone": the volunteer has seen who else registered with the number.
    someone_else: z.optional(z.literal("on")),
  })
  .check(lgaOfState);

export type WalkInInput = z.output<typeof walkInSchema>;

/** The form's field names: the schema's own. */
const WALK_IN_FIELDS = Object.keys(walkInSchema.def.shape);

/** The form's fields as typed (to re-render after an error), a file or a missing field read as empty. */
export function walkInFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of WALK_IN_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

export function checkWalkIn(fields: Record<string, string>): FormVerdict<WalkInInput> {
  return formVerdict(walkInSchema, fields);
}
