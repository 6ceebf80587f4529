import { parse } from "@conform-to/react";
import { data, redirect } from "react-router";
import { clientNetwork } from "~/client-network.server";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { LANGUAGE_PARAM, type Language } from "~/i18n/languages";
import { NETWORK_CEILING_MESSAGE, takePostSlot } from "~/limits/network-limits.server";
import { logger } from "~/logger.server";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { verifyFeedbackToken } from "./feedback-token.server";
import { type SaveOutcome, saveSurvey, surveyPage, surveyPerson } from "./survey.server";
import { parseSurvey, SURVEY_MESSAGES, type SurveyInput } from "./survey-schema";

// The survey page's loader and action (/feedback/<token>). A token that is forged, malformed or
// signed with a retired key, and a registration that is gone (erased, or of a past edition),
// are the same neutral 404: the page says nothing about whom a link was for.

/** Said above the form (catalogue keys of the public namespace). */
const SURVEY_FORM_MESSAGES = {
  failed: "public:feedback.errors.failed",
  changed: "public:feedback.errors.changed",
} as const;

/** After a save: the page again, saying so, in the language the link was opened in. */
const SAVED_PARAM = "saved";

const notFound = () => data("Not Found", { status: 404 });

function attendeeOf(token: string): string {
  const id = verifyFeedbackToken(token, getConfig().sessionSecret);
  if (!id) throw notFound();
  return id;
}

/** A database failure: the form as typed (no field's verdict), and "could not be saved". */
function failed(form: FormData, error: unknown) {
  logger().error({ err: error }, "saving a survey answer failed");
  const kept = parse<SurveyInput, string[]>(form, { resolve: () => ({ error: {} as Record<string, string[]> }) });
  return data({ result: kept.reply({ formErrors: [SURVEY_FORM_MESSAGES.failed] }) }, { status: 500, headers: PRIVATE_HEADERS });
}

export async function surveyLoader(token: string, url: URL, language: Language, now = new Date()) {
  const page = await surveyPage(await getDb(), attendeeOf(token), language, now);
  if (!page) throw notFound();
  return data({ page, saved: url.searchParams.get(SAVED_PARAM) === "1" }, { headers: PRIVATE_HEADERS });
}

/** Who posted: their network (the per-network ceiling of public forms) and the page's language. */
export type SurveyPoster = { clientIp: string; language: Language };

/**
 * A posted survey: checked with the schema of the person's kind of survey, counted against
 * the network's ceiling, saved, then the page again (a redirect, so a reload posts nothing).
 * Anything refused or failed answers with the form as it was typed and the reason.
 */
export async function surveyAction(token: string, url: URL, form: FormData, poster: SurveyPoster, now = new Date()) {
  const attendeeId = attendeeOf(token);
  const db = await getDb();
  let person: Awaited<ReturnType<typeof surveyPerson>>;
  try {
    person = await surveyPerson(db, attendeeId);
  } catch (error) {
    return failed(form, error);
  }
  if (!person) throw notFound();
  const submission = parseSurvey(form, person.attended);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const again = (status: 409 | 429, reply: Parameters<typeof submission.reply>[0], headers: HeadersInit = {}) =>
    data({ result: submission.reply(reply) }, { status, headers: { ...PRIVATE_HEADERS, ...headers } });

  let outcome: SaveOutcome;
  try {
    const slot = await takePostSlot(db, poster.clientIp, { now });
    if (!slot.ok) {
      logger().warn({ network: clientNetwork(poster.clientIp) }, "survey refused: the network is over its ceiling");
      return again(429, { formErrors: [NETWORK_CEILING_MESSAGE] }, { "Retry-After": String(slot.retryAfter) });
    }
    outcome = await saveSurvey(db, { attendeeId, attended: person.attended, input: submission.value, language: poster.language }, now);
  } catch (error) {
    return failed(form, error);
  }
  switch (outcome.status) {
    case "saved": {
      const back = new URLSearchParams({ [SAVED_PARAM]: "1" });
      const language = url.searchParams.get(LANGUAGE_PARAM);
      if (language) back.set(LANGUAGE_PARAM, language);
      return redirect(`/feedback/${encodeURIComponent(token)}?${back}`, { headers: PRIVATE_HEADERS });
    }
    case "not-found":
      throw notFound();
    case "unknown-session":
      return again(409, { fieldErrors: { session: [SURVEY_MESSAGES.session] } });
    case "changed":
      return again(409, { formErrors: [SURVEY_FORM_MESSAGES.changed] });
    default:
      // Opened or closed since the page was loaded: the page (its loader runs again) says which.
      return again(409, { formErrors: [] });
  }
}
