import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agenda, attendees, check_ins, feedback } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { formatDateTime } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import { listAgenda } from "~/modules/content/content.server";
import { localized } from "~/modules/content/localized";
import { getSettings } from "~/modules/settings/settings.server";
import type { SurveyInput } from "./survey-schema";
import { type SurveyState, surveyWindow } from "./survey-window";

// The survey of one registration (/feedback/<token>): what its page shows, and saving an answer.
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

/** The registration the survey is for, and whether they came; undefined once it is gone (erased, a past edition). */
export async function surveyPerson(db: DbOrTx, attendeeId: string) {
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
  return person;
}

export async function surveyPage(db: DbOrTx, attendeeId: string, language: Language, now: Date): Promise<SurveyPage | null> {
  const person = await surveyPerson(db, attendeeId);
  if (!person) return null;
  const [settings, sessions, [saved]] = await Promise.all([
    getSettings(db),
    person.attended ? listAgenda(db) : [],
    db.select().from(feedback).where(eq(feedback.attendee_id, person.id)).limit(1),
  ]);
  const window = surveyWindow(settings, now);
  return {
    eventName: settings.event_name,
    name: person.name,
    attended: person.attended,
    state: window.state,
    opens: formatDateTime(language, window.opensAt),
    closes: formatDateTime(language, window.closesAt),
    sessions: sessions.map((item) => ({
      id: item.id,
      label: [item.time.trim(), localized(item, "title", language)].filter(Boolean).join(" · "),
    })),
    answer: saved
      ? {
          rating: saved.rating === null ? "" : String(saved.rating),
          session: saved.session_id ?? "",
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
    const { state } = surveyWindow(settings, now);
    if (state !== "open") return { status: state };
    const person = await surveyPerson(tx, attendeeId);
    if (!person) return { status: "not-found" };
    if (person.attended !== attended) return { status: "changed" };
    let sessionTitle: string | null = null;
    if (input.session) {
      const [item] = await tx.select({ title: agenda.title }).from(agenda).where(eq(agenda.id, input.session)).limit(1);
      if (!item) return { status: "unknown-session" };
      sessionTitle = item.title;
    }
    const values = {
      attended,
      rating: attended ? input.rating : null,
      session_id: attended ? input.session : null,
      session_title: attended ? sessionTitle : null,
      change_text: input.change,
      come_again: input.comeAgain,
      quote_me: input.quoteMe,
      language,
    };
    await tx
      .insert(feedback)
      .values({ attendee_id: person.id, edition_id: settings.edition_id, ...values, created_at: now, updated_at: now })
      .onConflictDoUpdate({ target: feedback.attendee_id, set: { ...values, updated_at: now } });
    return { status: "saved" };
  });
}
