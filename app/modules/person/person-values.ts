import { normalizeEmail } from "~/db/email";
import type { Attribution, RegistrationChannel } from "~/db/schema";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import type { RegistrationInput } from "./fields";
import { storedPhone } from "./phone.server";
import { PRIVACY_NOTICE } from "./privacy-notice";

// A person's answers as the database stores them: what registering, holding a registration
// (modules/booking-protection), the waitlist and correcting one's details (modules/corrections)
// all write alike.

/**
 * The form's answers and the language they were given in (messages to the person follow it), and
 * the outreach that brought them (modules/outreach: the source cookie, resolved).
 */
export type PersonInput = RegistrationInput & { language?: Language; attribution?: Attribution };

/** The person's details as stored: what registering and correcting them later (modules/corrections) write alike. */
export function detailsColumns(
  input: Pick<RegistrationInput, "fullName" | "phone" | "gender" | "organization" | "position" | "state" | "localGovernment">,
) {
  return {
    full_name: input.fullName.trim(),
    phone: storedPhone(input.phone),
    gender: input.gender,
    organization: input.organization,
    position: input.position,
    state: input.state,
    local_government: input.localGovernment,
  };
}

/** The form's answers as stored (registration and waitlist alike): trimmed, normalised, with the consent given now. */
export function personValues(input: PersonInput, now: Date) {
  return {
    ...detailsColumns(input),
    email: normalizeEmail(input.email),
    reason: input.reason,
    consent_at: now,
    consent_version: PRIVACY_NOTICE.version,
    language: (input.language ?? DEFAULT_LANGUAGE) as string,
    channel: "web" as RegistrationChannel,
    sms_opt_in: input.sms === "on",
    outreach_source_id: input.attribution?.outreach_source_id ?? null,
    invited_by: input.attribution?.invited_by ?? null,
  };
}

/**
 * A person as registration stores them, from the web form (personValues) or a USSD menu: only
 * a USSD registration goes without an e-mail address (the database checks it), and only the web
 * knows where a person came from (a USSD menu carries no link).
 */
export type RegisteringPerson = Omit<ReturnType<typeof personValues>, "consent_version" | "email" | keyof Attribution> & {
  consent_version: string;
  email: string | null;
} & Partial<Attribution>;
