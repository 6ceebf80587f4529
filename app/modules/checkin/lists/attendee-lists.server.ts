import { type AnyColumn, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { admin_users, check_in_lists, list_check_ins } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { allCheckInLists } from "./lists.server";

// What the check-in lists gave one person (their details page) and everyone (the attendee CSV).

/** Each give to this person, by list then time: when, at which door, by whom. */
export async function attendeeListGives(db: DbOrTx, attendeeId: string) {
  if (!isUuid(attendeeId)) return [];
  return db
    .select({
      list: check_in_lists.name,
      rule: check_in_lists.rule,
      at: list_check_ins.created_at,
      door: list_check_ins.door,
      by: admin_users.name,
    })
    .from(list_check_ins)
    .innerJoin(check_in_lists, eq(check_in_lists.id, list_check_ins.list_id))
    .leftJoin(admin_users, eq(admin_users.id, list_check_ins.checked_in_by))
    .where(eq(list_check_ins.attendee_id, attendeeId))
    .orderBy(asc(check_in_lists.created_at), asc(check_in_lists.id), asc(list_check_ins.created_at));
}

/**
 * The CSV's columns for the lists, one per list (those put away too: what they gave is kept), in
 * the organisers' order. A list given once holds the time it was given (Lagos, like "Checked In
 * At"), empty when not; a daily or "any number" list holds how many times, which a spreadsheet
 * can add up. `values` is one SQL text per attendee: the fields joined by a tab (a list's time
 * or count has none), read by the database in the same statement as the rest of the row.
 */
export async function listCsvColumns(db: DbOrTx) {
  const lists = await allCheckInLists(db);
  const headers = lists.map((list) => (list.rule === "once" ? list.name : `${list.name} (times)`));
  const values = (attendeeId: AnyColumn) => {
    if (lists.length === 0) return sql<string>`''`;
    const fields = lists.map((list) =>
      list.rule === "once"
        ? sql`coalesce((select to_char((l.created_at at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD HH24:MI') from ${list_check_ins} l where l.list_id = ${list.id} and l.attendee_id = ${attendeeId} order by l.created_at desc limit 1), '')`
        : sql`coalesce((select nullif(count(*), 0)::text from ${list_check_ins} l where l.list_id = ${list.id} and l.attendee_id = ${attendeeId}), '')`,
    );
    return sql<string>`concat_ws(E'\t', ${sql.join(fields, sql`, `)})`;
  };
  return { headers, values, fields: (value: string) => (lists.length === 0 ? [] : value.split("\t")) };
}

export type ListCsvColumns = Awaited<ReturnType<typeof listCsvColumns>>;
