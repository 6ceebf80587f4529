import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { EditionContent } from "~/db/edition-archive";
import { editions, past_registrations } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import { localized } from "~/i18n/localized";

// A past edition's survey (issue 39). Its certificates' e-mails promised "open until <day>";
// starting the next edition moves its people to past_registrations, and the same link must go
// on opening the same survey until that day. The person, the window (the edition's own date,
// time and survey days, kept when it was archived) and the sessions (its agenda as archived)
// all come from the archive, never from the current settings or agenda.

export type PastSurvey = {
  edition: number;
  eventName: string;
  /** what surveyWindow needs, as the edition had it */
  window: { event_date: string; event_starts_at: string; event_ends_at: string; feedback_days: number };
  agenda: EditionContent["agenda"];
};

export type PastSurveyPerson = { id: string; name: string; attended: boolean; past: PastSurvey };

/** A past registration asked in the survey (registered or attended, of an archived edition), or undefined. */
export async function pastSurveyPerson(db: DbOrTx, id: string): Promise<PastSurveyPerson | undefined> {
  const [row] = await db
    .select({
      id: past_registrations.id,
      name: past_registrations.full_name,
      outcome: past_registrations.outcome,
      edition: editions.id,
      event_date: editions.event_date,
      event_starts_at: editions.event_starts_at,
      event_ends_at: editions.event_ends_at,
      feedback_days: editions.feedback_days,
      content: editions.content,
    })
    .from(past_registrations)
    .innerJoin(editions, eq(editions.id, past_registrations.edition_id))
    .where(
      and(eq(past_registrations.id, id), inArray(past_registrations.outcome, ["attended", "registered"]), isNotNull(editions.archived_at)),
    )
    .limit(1);
  if (!row?.event_date || !row.content) return undefined;
  return {
    id: row.id,
    name: row.name,
    attended: row.outcome === "attended",
    past: {
      edition: row.edition,
      eventName: row.content.event_name,
      // An edition archived without its survey days (none since 0026 fills them) has no survey left open.
      window: {
        event_date: row.event_date,
        event_starts_at: row.event_starts_at,
        event_ends_at: row.event_ends_at,
        feedback_days: row.feedback_days ?? 0,
      },
      agenda: row.content.agenda,
    },
  };
}

// The archived agenda has no ids (its items may be gone or changed in the live agenda): the
// form names a session by its place in the archive, written as a UUID as the live ones are.
const SESSION_ID_PREFIX = "00000000-0000-4000-8000-";

export function archivedSessionId(index: number): string {
  return `${SESSION_ID_PREFIX}${String(index).padStart(12, "0")}`;
}

/** The archived session's title for a posted id; undefined for anything not in the archive. */
export function archivedSessionTitle(past: PastSurvey, id: string): string | undefined {
  if (!id.startsWith(SESSION_ID_PREFIX)) return undefined;
  return past.agenda[Number(id.slice(SESSION_ID_PREFIX.length))]?.title;
}

/** The archived agenda as the form's choices, titles in the reader's language. */
export function archivedSessions(past: PastSurvey, language: Language) {
  return past.agenda.map((item, index) => ({
    id: archivedSessionId(index),
    label: [item.time.trim(), localized(item, "title", language)].filter(Boolean).join(" · "),
  }));
}

/** The saved answer's session as the form's value: the archived item of the same title. */
export function archivedSessionOf(past: PastSurvey, title: string | null): string {
  const index = title === null ? -1 : past.agenda.findIndex((item) => item.title === title);
  return index < 0 ? "" : archivedSessionId(index);
}
