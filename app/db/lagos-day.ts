import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * A timestamp's day in Gusau (Africa/Lagos, UTC+1 all year), as 'YYYY-MM-DD', computed by the
 * database whatever its own or the server's time zone: 23:30 UTC on Monday is Tuesday there.
 */
export function lagosDay(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char((${column} at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD')`;
}
