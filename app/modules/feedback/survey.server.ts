import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agenda, attendees, check_ins, feedback } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { formatDateTime } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import { localized } from "~/i18n/localized";
import { listAgenda } from "~/modules/content/content.server";
import { getSettings } from "~/modules/settings/settings.server";
import { archivedSessionOf, archivedSessions, archivedSessionTitle, type PastSurvey, pastSurveyPerson } from "./past-survey.server";
import type { SurveyInput } from "./survey-schema";
import { type SurveyState, surveyWindow } from "./survey-window";

// The survey of one registration (/feedback/<token>): what its page shows, and saving an answer.
// The registration may be of an archived edition (past-survey.server.ts): its survey stays open
// until its own closing day and its answer is stored against that edition.
// One answer per person: the unique key on attendee_id decides, so two submits racing each
// other (a double tap, two tabs) leave one row holding one of them, never two rows or an error.

/** The saved answer as the form's default values (what the form posts). */
export type SurveyDefaults = { rating: string; session: string; change: string; comeAgain: string; quoteMe: string };

export type SurveyPage = {
  eventName: string;
  name: string;
  /** checked in at the door: the survey asks for a rating and the most useful session */
  attended: boolean;
  state: SurveyState;
  /** when it opens and closes, written in the reader's language and Lagos time */
  opens: string;
  closes: string;
  /** the agenda, titles in the reader's language: "9:00 AM · Opening ceremony" */
  sessions: { id: string; label: string }[];
  answer: SurveyDefaults | null;
};

/** The registration the survey is for, and whether they came: current, or of an archived edition (`past`); undefined once it is gone (erased, purged). */
export async function surveyPerson(db: DbOrTx, attendeeId: string): Promise<SurveyPerson | undefined> {
  if (!isUuid(attendeeId)) return undefined;
  const [person] = await db
    .select({
      id: attendees.id,
      name: attendees.full_name,
      // Written out: drizzle leaves a lone table's columns unqualified, and a bare "id" in the subquery would be the check-in's.
      attended: sql<boolean>`exists (select 1 from ${check_ins} ci where ci.attendee_id = ${attendees}.id)`.mapWith(Boolean),
    })
    .from(attendees)
    .where(eq(attendees.id, attendeeId))
    .limit(1);
  return person ?? (await pastSurveyPerson(db, attendeeId));
}

type SurveyPerson = { id: string; name: string; attended: boolean; past?: PastSurvey };

/** The saved answer: a current registration's by attendee_id, a past one's by past_registration_id. */
function answerOf(db: DbOrTx, person: SurveyPerson) {
  const key = person.past ? eq(feedback.past_registration_id, person.id) : eq(feedback.attendee_id, person.id);
  return db.select().from(feedback).where(key).limit(1);
}

export async function surveyPage(db: DbOrTx, attendeeId: string, language: Language, now: Date): Promise<SurveyPage | null> {
  const person = await surveyPerson(db, attendeeId);
  if (!person) return null;
  const { past } = person;
  const [settings, sessions, [saved]] = await Promise.all([
    getSettings(db),
    person.attended && !past ? listAgenda(db) : [],
    answerOf(db, person),
  ]);
  const window = surveyWindow(past?.window ?? settings, now);
  return {
    eventName: past?.eventName ?? settings.event_name,
    name: person.name,
    attended: person.attended,
    state: window.state,
    opens: formatDateTime(language, window.opensAt),
    closes: formatDateTime(language, window.closesAt),
    sessions: past
      ? person.attended
        ? archivedSessions(past, language)
        : []
      : sessions.map((item) => ({
          id: item.id,
          label: [item.time.trim(), localized(item, "title", language)].filter(Boolean).join(" · "),
        })),
    answer: saved
      ? {
          rating: saved.rating === null ? "" : String(saved.rating),
          session: past ? archivedSessionOf(past, saved.session_title) : (saved.session_id ?? ""),
          change: saved.change_text,
          comeAgain: saved.come_again === null ? "" : saved.come_again ? "yes" : "no",
          quoteMe: saved.quote_me ? "on" : "",
        }
      : null,
  };
}

export type SaveOutcome =
  | { status: "saved" }
  /** the registration is gone */
  | { status: "not-found" }
  /** outside the survey's days */
  | { status: "not-yet" | "closed" }
  /** checked in (or not) since the page was opened: the other survey applies */
  | { status: "changed" }
  /** the chosen session is no longer on the agenda */
  | { status: "unknown-session" };

/**
 * Saves (or replaces) the person's answer, in one transaction with its checks: the survey is
 * open, the registration still there, the kind of survey the same as the one answered
 * (`attended`), the session still on the agenda (its title kept with the answer, so the
 * ranking survives an edit of the agenda). An upsert on the unique key, safe under races.
 */
export async function saveSurvey(
  db: DbOrTx,
  answer: { attendeeId: string; attended: boolean; input: SurveyInput; language: Language },
  now: Date,
): Promise<SaveOutcome> {
  const { attendeeId, attended, input, language } = answer;
  return db.transaction(async (tx) => {
    const settings = await getSettings(tx);
    const person = await surveyPerson(tx, attendeeId);
    // A past edition's survey keeps its own window (the day its e-mails promised).
    const { state } = surveyWindow(person?.past?.window ?? settings, now);
    if (state !== "open") return { status: state };
    if (!person) return { status: "not-found" };
    if (person.attended !== attended) return { status: "changed" };
    const { past } = person;
    let sessionTitle: string | null = null;
    if (input.session) {
      const title = past
        ? archivedSessionTitle(past, input.session)
        : (await tx.select({ title: agenda.title }).from(agenda).where(eq(agenda.id, input.session)).limit(1))[0]?.title;
      if (title === undefined) return { status: "unknown-session" };
      sessionTitle = title;
    }
    const values = {
      attended,
      rating: attended ? input.rating : null,
      // A past edition's session is kept by its archived title: the live agenda is the next edition's.
      session_id: attended && !past ? input.session : null,
      session_title: attended ? sessionTitle : null,
      change_text: input.change,
      come_again: input.comeAgain,
      quote_me: input.quoteMe,
      language,
    };
    const owner = past
      ? { attendee_id: null, past_registration_id: person.id, edition_id: past.edition }
      : { attendee_id: person.id, edition_id: settings.edition_id };
    await tx
      .insert(feedback)
      .values({ ...owner, ...values, created_at: now, updated_at: now })
      .onConflictDoUpdate({ target: past ? feedback.past_registration_id : feedback.attendee_id, set: { ...values, updated_at: now } });
    return { status: "saved" };
  });
}
