import { z } from "zod";
import { EMAIL_MESSAGE, isBareEmail } from "~/db/email";
import { LINE_TEXT, LINES_TEXT } from "~/db/text";
import { imageUrl, optionalText, REQUIRED_MESSAGE, requiredText, translationsSchema, webAddress } from "~/forms/field-schemas";
import { endsAfterStart, eventHoursFields } from "./event-hours";
import { formatEventDate } from "./event-time";
import { objectivesProblem } from "./objectives";

// The Event Settings form, checked the same way in the browser and on the server.

export const MAX_ATTENDEES_LIMIT = 10_000;
/** A phone holds at most this many seats for walk-ins without a network (the database's check too). */
export const WALK_IN_SEATS_PER_PHONE_LIMIT = 50;
const WALK_IN_SEATS_PER_PHONE_MESSAGE = `Please enter a whole number from 0 to ${WALK_IN_SEATS_PER_PHONE_LIMIT}`;
const WALK_IN_SEATS_MESSAGE = `Please enter a whole number from 0 to ${MAX_ATTENDEES_LIMIT.toLocaleString("en-US")}`;
export const CAPACITY_MESSAGE = `Maximum attendees must be a whole number from 1 to ${MAX_ATTENDEES_LIMIT.toLocaleString("en-US")}`;
// The database's checks on event_settings allow the same ranges.
export const RETENTION_DAYS_LIMIT = 3650;
export const PUBLIC_COUNT_FROM_LIMIT = 1_000_000;
const PUBLIC_COUNT_FROM_MESSAGE = `Please enter a whole number from 0 to ${PUBLIC_COUNT_FROM_LIMIT.toLocaleString("en-US")}`;
export const RETENTION_MESSAGE = `Please enter a whole number of days from 1 to ${RETENTION_DAYS_LIMIT.toLocaleString("en-US")}`;
export const OFFER_HOURS_LIMIT = 168;
export const OFFER_HOURS_MESSAGE = `Please enter a whole number of hours from 1 to ${OFFER_HOURS_LIMIT}`;
export const HOLD_RATE_LIMIT = 10_000;
export const CERTIFICATE_VALID_DAYS_LIMIT = 36_500;
const CERTIFICATE_VALID_DAYS_MESSAGE = `Please enter a whole number of days from 1 to ${CERTIFICATE_VALID_DAYS_LIMIT.toLocaleString("en-US")}, or leave it empty`;
export const FEEDBACK_DAYS_LIMIT = 365;
const FEEDBACK_DAYS_MESSAGE = `Please enter a whole number of days from 1 to ${FEEDBACK_DAYS_LIMIT}`;
export const CORRECTIONS_CLOSE_DAYS_LIMIT = 60;
const CORRECTIONS_CLOSE_DAYS_MESSAGE = `Please enter a whole number of days from 0 to ${CORRECTIONS_CLOSE_DAYS_LIMIT}`;
/** The objectives' whole text: OBJECTIVES_MAX lines of OBJECTIVE_MAX_LENGTH, and room for blank lines. */
const OBJECTIVES_TEXT_LIMIT = 2000;
const HOLD_RATE_MESSAGE = `Please enter a whole number from 1 to ${HOLD_RATE_LIMIT.toLocaleString("en-US")}`;

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A whole number from `min` to `max`, typed as text: anything else gets `message`. */
const wholeNumberFrom = (min: number, max: number, message: string) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .regex(/^\d{1,6}$/, message)
    // After the number's own message, which says more here than "a control character".
    .check(...LINE_TEXT)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/** A whole number from 1 to `max`, typed as text: anything else gets `message`. */
export const wholeNumber = (max: number, message: string) => wholeNumberFrom(1, max, message);

// A checkbox: present ("on") when ticked.
export const checkbox = z
  .string()
  .check(...LINE_TEXT)
  .optional()
  .transform((value) => value === "on");

/** A calendar date as the date input sends it (YYYY-MM-DD). */
export const eventDate = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .check(...LINE_TEXT)
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value), "Please enter a valid date");

/** The objectives keep to OBJECTIVES_MAX lines of OBJECTIVE_MAX_LENGTH (objectives.ts). */
function objectivesWithinLimits(text: string, ctx: z.RefinementCtx) {
  const problem = objectivesProblem(text);
  if (problem) ctx.addIssue({ code: "custom", message: problem, input: text });
}

export const settingsSchema = z
  .object({
    event_name: requiredText(120),
    event_date: eventDate,
    ...eventHoursFields,
    venue: requiredText(200),
    logo_url: imageUrl,
    // Empty: shared links show the picture drawn from these settings (modules/share).
    share_image_url: imageUrl,
    about: requiredText(3000, LINES_TEXT),
    contact_email: requiredText(254).refine(isBareEmail, EMAIL_MESSAGE),
    contact_phone: optionalText(40),
    max_attendees: wholeNumber(MAX_ATTENDEES_LIMIT, CAPACITY_MESSAGE),
    // Seats of the maximum kept for walk-ins at the door. Missing (a form from before it existed): left as it is.
    walk_in_seats: wholeNumberFrom(0, MAX_ATTENDEES_LIMIT, WALK_IN_SEATS_MESSAGE).optional(),
    walk_in_seats_per_phone: wholeNumberFrom(0, WALK_IN_SEATS_PER_PHONE_LIMIT, WALK_IN_SEATS_PER_PHONE_MESSAGE).optional(),
    registration_enabled: checkbox,
    auto_reminders: checkbox,
    // The landing page's figures. Missing (a form from before they existed): left as they are.
    public_count_from: wholeNumberFrom(0, PUBLIC_COUNT_FROM_LIMIT, PUBLIC_COUNT_FROM_MESSAGE).optional(),
    highlight_value: optionalText(12).optional(),
    highlight_label: optionalText(40).optional(),
    // The objectives under "About the summit", one a line; empty: the site's own in each language.
    objectives: optionalText(OBJECTIVES_TEXT_LIMIT, LINES_TEXT).superRefine(objectivesWithinLimits),
    waitlist_offer_hours: wholeNumber(OFFER_HOURS_LIMIT, OFFER_HOURS_MESSAGE),
    // The privacy notice names the controller and its contact; empty uses the contact e-mail.
    organiser_name: requiredText(200),
    privacy_email: optionalText(254).refine((value) => value === "" || isBareEmail(value), EMAIL_MESSAGE),
    retention_days: wholeNumber(RETENTION_DAYS_LIMIT, RETENTION_MESSAGE),
    // Registrants correct their own details on the ticket page until this many days before the
    // event (0: until it starts). Missing (a form from before it existed): left as it is.
    corrections_close_days: wholeNumberFrom(0, CORRECTIONS_CLOSE_DAYS_LIMIT, CORRECTIONS_CLOSE_DAYS_MESSAGE).optional(),
    // When registrations are held until confirmed by e-mail (a booking attack), and for how long.
    hold_network_per_minute: wholeNumber(HOLD_RATE_LIMIT, HOLD_RATE_MESSAGE),
    hold_domain_per_10_minutes: wholeNumber(HOLD_RATE_LIMIT, HOLD_RATE_MESSAGE),
    hold_overall_per_minute: wholeNumber(HOLD_RATE_LIMIT, HOLD_RATE_MESSAGE),
    held_expiry_hours: wholeNumber(OFFER_HOURS_LIMIT, OFFER_HOURS_MESSAGE),
    proof_of_work_always: checkbox,
    // After the event: the certificates' signature line and the signature image above it (kept
    // as the form carries it, like the logo), sending by themselves, how long they verify (empty:
    // the retention period), and how long the survey is open.
    certificate_signer_name: optionalText(120),
    certificate_signer_title: optionalText(160),
    certificate_signature_url: imageUrl,
    auto_certificates: checkbox,
    certificate_valid_days: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      wholeNumber(CERTIFICATE_VALID_DAYS_LIMIT, CERTIFICATE_VALID_DAYS_MESSAGE)
        .optional()
        .transform((value) => value ?? null),
    ),
    feedback_days: wholeNumber(FEEDBACK_DAYS_LIMIT, FEEDBACK_DAYS_MESSAGE),
    guest_of_honor_name: requiredText(160),
    guest_of_honor_title: optionalText(200),
    guest_of_honor_image_url: imageUrl,
    facebook_url: webAddress,
    twitter_url: webAddress,
    instagram_url: webAddress,
    // The visitors' texts in other languages, within the English fields' limits.
    translations: translationsSchema(
      {
        venue: 200,
        about: 3000,
        guest_of_honor_title: 200,
        highlight_label: 40,
        objectives: OBJECTIVES_TEXT_LIMIT,
        certificate_signer_title: 160,
      },
      ["about", "objectives"],
    ).superRefine((byLanguage, ctx) => {
      // The objectives in another language keep to the same number and length of lines.
      for (const [language, fields] of Object.entries(byLanguage)) {
        const problem = fields?.objectives === undefined ? null : objectivesProblem(fields.objectives);
        if (problem) ctx.addIssue({ code: "custom", message: problem, path: [language, "objectives"], input: fields?.objectives });
      }
    }),
  })
  .refine(...endsAfterStart)
  .refine((input) => input.walk_in_seats === undefined || input.walk_in_seats <= input.max_attendees, {
    message: "Seats kept for walk-ins cannot be more than the maximum attendees",
    path: ["walk_in_seats"],
  });
export type SettingsInput = z.output<typeof settingsSchema>;

/** Why a lower capacity is refused: nobody registered is ever removed by a settings change. */
export function capacityBelowRegistered(registered: number): string {
  const people = registered === 1 ? "1 person has" : `${registered.toLocaleString("en-US")} people have`;
  return `${people} already registered. Maximum attendees cannot be lower than ${registered.toLocaleString("en-US")}.`;
}

/** Why a concluded edition's date cannot move ahead, and what to do instead. */
export function editionConcludedMessage(edition: string, eventDate: string): string {
  return `The ${edition} took place on ${formatEventDate(eventDate)} and has registrations: a later date would carry them into next year. Use "Start the Next Edition" for the next summit.`;
}

export const SETTINGS_TOASTS = {
  saved: "Event settings saved successfully!",
  confirm: "Nothing saved yet: please confirm the change.",
  saveFailed: "Failed to save settings. Please try again.",
  loadFailed: "Failed to load current settings",
} as const;
