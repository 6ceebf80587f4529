import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { OUTREACH_CODE_ALPHABET, SOURCE_CODE_LENGTH, SOURCE_NAME_MAX } from "../outreach-codes";

// Which outreach brings people (modules/outreach): the organisers' named sources (a radio
// announcement, a poster in one LGA, a partner's post), each with a short code for its link
// /r/<code>, and the visits those links and the attendees' invite links (/i/<invite_code>)
// received. A registration records where it came from in its own row (person-columns.ts:
// outreach_source_id, invited_by), so the figures are counts over the person tables.

/** The column holds a code of `length` characters from the alphabet. */
export const outreachCodeCheck = (column: AnyColumn, length: number) =>
  sql`${column} ~ ${sql.raw(`'^[${OUTREACH_CODE_ALPHABET}]{${length}}$'`)}`;

export const outreach_sources = pgTable(
  "outreach_sources",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Archived: its link no longer counts visits nor gives a cookie; its figures stay.
    archived_at: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("outreach_sources_code_key").on(t.code),
    // Two sources called "Radio Gusau" could never be told apart in the figures.
    uniqueIndex("outreach_sources_name_key").on(sql`lower(${t.name})`),
    check("outreach_sources_code_check", outreachCodeCheck(t.code, SOURCE_CODE_LENGTH)),
    check("outreach_sources_name_check", sql`char_length(${t.name}) between 1 and ${sql.raw(String(SOURCE_NAME_MAX))}`),
  ],
);

export const VISIT_VIAS = ["source", "invite"] as const;

// One row per browser, link and day in Lagos: `visitor` is a hash of the browser's random id,
// the day and the link (visits.server.ts), so the same browser is one visit a day however often
// it opens the link, and nothing here can be followed from one day or link to another, or to a
// registration. No address is kept. A source's visits go with it when it is deleted (only a
// source no one registered through can be); a new edition starts them from nothing.
export const outreach_visits = pgTable(
  "outreach_visits",
  {
    visitor: text("visitor").primaryKey(),
    via: text("via", { enum: VISIT_VIAS }).notNull(),
    // null for an invite link (via = 'invite'): which attendee's is not kept.
    source_id: integer("source_id").references(() => outreach_sources.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [
    index("outreach_visits_source_day_idx").on(t.source_id, t.day),
    index("outreach_visits_day_idx").on(t.day),
    check("outreach_visits_via_check", sql`${t.via} in ('source', 'invite') and (${t.via} = 'source') = (${t.source_id} is not null)`),
  ],
);

/**
 * Where a registration came from, as every person table keeps it (person-columns.ts): the source
 * whose link the browser followed first within 30 days, or the attendee whose invite link it was
 * (their id; no key, since the id moves with them from attendees to cancelled or past
 * registrations). Both null: direct, or unknown (USSD and SMS carry no link).
 */
export const attributionColumns = () => ({
  outreach_source_id: integer("outreach_source_id").references(() => outreach_sources.id, { onDelete: "set null" }),
  invited_by: uuid("invited_by"),
});

/** A registration's attribution, as every person table keeps it: a source, an inviting attendee, or neither. */
export type Attribution = { outreach_source_id: number | null; invited_by: string | null };

/**
 * The group a registration counts under on the Outreach page and in the counts the retention purge
 * keeps (retained_stats kinds "outreach", "outreach_attended"): the source's id, "invited" or
 * "direct". `alias` names an attendees row in the query.
 */
export function outreachGroupOf(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`coalesce(${a}.outreach_source_id::text, case when ${a}.invited_by is not null then ${sql.raw(`'${OUTREACH_GROUPS.invited}'`)} else ${sql.raw(`'${OUTREACH_GROUPS.direct}'`)} end)`;
}

/** The groups besides the sources' ids, as outreachGroupOf names them. */
export const OUTREACH_GROUPS = { invited: "invited", direct: "direct" } as const;
