import { getConfig } from "~/config.server";
import { normalizeEmail } from "~/db/email";
import type { Attribution, RegistrationChannel } from "~/db/schema";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import type { RegistrationInput } from "./fields";
import { storedPhone } from "./phone.server";
import { PRIVACY_NOTICE } from "./privacy-notice";
import { whatsappConsent } from "./whatsapp-consent.server";

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

/**
 * WhatsApp is configured on this server: mail's whatsappOn(), read from the config here because
 * this module sits below mail. A ticked box counts only then (the form shows it only then).
 */
const whatsappConfigured = () => getConfig().whatsapp !== undefined;

/** The WhatsApp consent's columns as every person table keeps them (whatsappConsent fills them). */
type WhatsAppConsentColumns = { whatsapp_opt_in: boolean; whatsapp_consent_at: Date | null; whatsapp_consent_version: string };

/**
 * The form's answers as stored (registration, the waitlist and a held registration alike):
 * trimmed, normalised, with the consent given now, and "Send my ticket on WhatsApp too" as a
 * consent of its own at the same time.
 */
export function personValues(input: PersonInput, now: Date) {
  const whatsapp: WhatsAppConsentColumns = whatsappConsent(input.whatsapp === "on" && whatsappConfigured(), now);
  return {
    ...detailsColumns(input),
    email: normalizeEmail(input.email),
    reason: input.reason,
    consent_at: now,
    consent_version: PRIVACY_NOTICE.version,
    language: (input.language ?? DEFAULT_LANGUAGE) as string,
    channel: "web" as RegistrationChannel,
    sms_opt_in: input.sms === "on",
    ...whatsapp,
    outreach_source_id: input.attribution?.outreach_source_id ?? null,
    invited_by: input.attribution?.invited_by ?? null,
  };
}

/**
 * A person as registration stores them, from the web form (personValues) or a USSD menu: only
 * a USSD registration goes without an e-mail address (the database checks it), and only the web
 * knows where a person came from (a USSD menu carries no link).
 */
export type RegisteringPerson = Omit<
  ReturnType<typeof personValues>,
  "consent_version" | "email" | keyof Attribution | keyof WhatsAppConsentColumns
> & {
  consent_version: string;
  email: string | null;
} & Partial<Attribution> &
  // Set by the web form (personValues); a USSD menu may leave them to the database's defaults (no consent).
  Partial<WhatsAppConsentColumns>;
