import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { HOOKED, JOINERS, MARKS } from "./search-key";

// search-key.ts's rule as SQL: the generated column attendees.search_key, and the search over it.
// Apart from search-key.ts so the offline door's bundle carries no SQL builder.

/**
 * The same key as SQL, for a generated column: immutable functions only (normalize, lower,
 * regexp_replace, translate), so PostgreSQL and PGlite compute it on every write of the name.
 */
export function nameSearchKeySql(name: AnyColumn): SQL {
  const folded = sql`translate(lower(regexp_replace(normalize(${name}, NFKD), ${sql.raw(`'[${MARKS}]'`)}, '', 'g') collate "C"), ${sql.raw(`'${HOOKED.from}'`)}, ${sql.raw(`'${HOOKED.to}'`)})`;
  const joiners = sql.raw(`'[${JOINERS.replace("'", "''")}]'`);
  const joined = sql`regexp_replace(${folded}, ${joiners}, '', 'g')`;
  const split = sql`regexp_replace(${folded}, ${joiners}, ' ', 'g')`;
  return sql`' ' || trim(regexp_replace(${joined} || ' ' || ${split}, '\\s+', ' ', 'g')) || ' '`;
}

/** `word` inside a LIKE pattern, its own characters (backslash, % and _) taken literally. */
const literal = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The same as SQL: every typed word starts a word of `key`. */
export function keyMatchesSql(key: AnyColumn, typed: readonly string[]): SQL {
  if (typed.length === 0) return sql`false`;
  return sql.join(
    typed.map((word) => sql`${key} like ${`% ${literal(word)}%`}`),
    sql` and `,
  );
}

/** How many typed words are whole words of `key` ("bello" in "Abubakar Bello", not in "Bellow"): a rank. */
export function wholeWordsSql(key: AnyColumn, typed: readonly string[]): SQL<number> {
  if (typed.length === 0) return sql<number>`0`;
  return sql<number>`(${sql.join(
    typed.map((word) => sql`(${key} like ${`% ${literal(word)} %`})::int`),
    sql` + `,
  )})`;
}
