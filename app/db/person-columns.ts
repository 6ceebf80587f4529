import { boolean, integer, text, timestamp } from "drizzle-orm/pg-core";
import { attributionColumns } from "./schema/outreach";

export const GENDERS = ["male", "female", "other"] as const;
/**
 * How the person registered: the web form, USSD (a phone's menu, no e-mail asked), at the door
 * on event day, by a volunteer (a walk-in: the e-mail address optional), or by chatting with the
 * summit's WhatsApp number (the USSD menu's steps; WhatsApp gives the number, no e-mail asked).
 */
export const REGISTRATION_CHANNELS = ["web", "ussd", "door", "whatsapp"] as const;
export type RegistrationChannel = (typeof REGISTRATION_CHANNELS)[number];

/**
 * What a person gives on the registration form, as attendees, cancelled registrations, the
 * waitlist, held registrations and a past edition's registrations keep it, with where they came from.
 */
export const personColumns = () => ({
  full_name: text("full_name").notNull(),
  // Null only for people who registered by USSD or at the door (checked per table): the network gives their
  // number, and a phone without data has no use for an e-mail address.
  email: text("email"),
  phone: text("phone").notNull(),
  gender: text("gender", { enum: GENDERS }).notNull(),
  organization: text("organization").notNull().default(""),
  position: text("position").notNull().default(""),
  state: text("state").notNull().default(""),
  local_government: text("local_government").notNull().default(""),
  reason: text("reason").notNull().default(""),
  consent_at: timestamp("consent_at", { withTimezone: true }),
  // The privacy notice's version the person accepted ('' before versions were kept).
  consent_version: text("consent_version").notNull().default(""),
  // The site's language when the person registered: every later message to them is in it.
  language: text("language").notNull().default("en"),
  channel: text("channel", { enum: REGISTRATION_CHANNELS }).notNull().default("web"),
  // Tickets, reminders and offers also go by SMS: ticked on the web form, always for USSD.
  sms_opt_in: boolean("sms_opt_in").notNull().default(false),
  // The ticket, reminder, offer and certificate also go on WhatsApp: an unticked box on every
  // form, always for a registration by chat. Recorded like the privacy consent (when, which
  // notice); replying STOP or the ticket page's "Stop" turns it off (whatsapp/opt-out.server.ts).
  whatsapp_opt_in: boolean("whatsapp_opt_in").notNull().default(false),
  whatsapp_consent_at: timestamp("whatsapp_consent_at", { withTimezone: true }),
  whatsapp_consent_version: text("whatsapp_consent_version").notNull().default(""),
  // Which of the person's self-service links is valid: raised when an organiser changes their
  // e-mail address or phone, so the link sent to the old one stops opening their ticket page.
  // It moves with the row (cancelled, past), so the link that was valid stays the valid one.
  token_version: integer("token_version").notNull().default(0),
  // The outreach that brought them (schema/outreach.ts); it moves with the row from the waitlist
  // or a held registration to attendees, and on to cancelled or past registrations.
  ...attributionColumns(),
});
