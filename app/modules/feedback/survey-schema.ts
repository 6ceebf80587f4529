import { parse, type Submission } from "@conform-to/react";
import * as z from "zod/mini";
import { LINES_TEXT } from "~/db/text";
import { messageKey } from "~/i18n/message-key";
import { type FormVerdict, formVerdict } from "~/ui/form-verdict";

// The survey's one schema, for the browser (Conform) and the server alike, with its messages as
// catalogue keys (~/i18n/message-key.ts). Two shapes: those who came rate the day and name the
// most useful session; those who registered but did not come are asked neither (they did not
// see the day, and their guesses would pull the average). Which shape applies is the server's
// to say (a check-in row), never the form's. The free text follows the one text rule
// (~/db/text, ADR 013). zod/mini, as the registration form: this schema ships to phones.

/** The database's limit (FEEDBACK_TEXT_MAX in ~/db/schema, checked equal by a test): written here so the browser bundle does not pull the table definitions in. */
export const SURVEY_TEXT_MAX = 2000;

export const RATINGS = ["1", "2", "3", "4", "5"] as const;
export const YES_NO = ["yes", "no"] as const;

export const SURVEY_MESSAGES = {
  rating: messageKey("validation.rating"),
  comeAgain: messageKey("validation.comeAgain"),
  session: messageKey("validation.session"),
  quoteMe: messageKey("validation.quoteMe"),
} as const;

const change = z._default(
  z.optional(
    z.string().check(z.trim(), ...LINES_TEXT, z.maxLength(SURVEY_TEXT_MAX, messageKey("validation.tooLong", { max: SURVEY_TEXT_MAX }))),
  ),
  "",
);
const comeAgain = z.pipe(
  z.enum(YES_NO, { error: SURVEY_MESSAGES.comeAgain }),
  z.transform((answer) => answer === "yes"),
);
const quoteMe = z.pipe(
  z.optional(z.literal("on", { error: SURVEY_MESSAGES.quoteMe })),
  z.transform((box) => box === "on"),
);

/** Those who were checked in. `session`: an agenda item's id, or none ("I can't say"). */
const attendedSchema = z.object({
  rating: z.pipe(
    z.enum(RATINGS, { error: SURVEY_MESSAGES.rating }),
    z.transform((rating) => Number(rating)),
  ),
  session: z.pipe(
    z.optional(z.uuid({ error: SURVEY_MESSAGES.session })),
    z.transform((id) => id ?? null),
  ),
  change,
  comeAgain,
  quoteMe,
});

/** Those who registered and did not come: what kept them away or should change, and next time. */
const absentSchema = z.pipe(
  z.object({ change, comeAgain, quoteMe }),
  z.transform((value) => ({ ...value, rating: null, session: null })),
);

export type SurveyInput = {
  rating: number | null;
  session: string | null;
  change: string;
  comeAgain: boolean;
  quoteMe: boolean;
};

export type SurveyVerdict = FormVerdict<SurveyInput>;

/**
 * The posted fields checked for someone who came (`attended`) or not. As the registration's
 * validation (person/fields.ts), without @conform-to/zod, whose coercion would bring
 * classic zod into the page: an empty value counts as missing, which is all it would do here.
 */
export function validateSurvey(payload: Record<string, unknown>, attended: boolean): SurveyVerdict {
  return attended ? formVerdict(attendedSchema, payload) : formVerdict(absentSchema, payload);
}

/** The form's validation through Conform, in the browser and on the server. */
export function parseSurvey(formData: FormData, attended: boolean): Submission<SurveyInput> {
  return parse(formData, { resolve: (payload) => validateSurvey(payload, attended) });
}
