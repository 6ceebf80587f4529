import { PGlite, type PGliteOptions, types } from "@electric-sql/pglite";

// Drizzle's PGlite driver passes the same type parsers with every query (dates, times and
// intervals kept as the text PostgreSQL sent). PGlite then merges them into its 318 default
// parsers by spreading both objects, for each query: 0.08 ms of a statement's 0.2 ms floor
// here, about 1 ms of a registration's dozen statements. Given once to PGlite itself, they
// give the same rows; the copy each query carries is then dropped on its way in.

const asSent = (value: string) => value;

/** The parsers drizzle-orm/pglite sends with each query (its session.js), by type OID. */
const DRIZZLE_PARSERS: Record<number, (value: string) => unknown> = {
  [types.TIMESTAMP]: asSent,
  [types.TIMESTAMPTZ]: asSent,
  [types.INTERVAL]: asSent,
  [types.DATE]: asSent,
  1231: asSent, // numeric[]
  1115: asSent, // timestamp[]
  1185: asSent, // timestamptz[]
  1187: asSent, // interval[]
  1182: asSent, // date[]
};

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> } & Record<string, unknown>;
type Queryable = { query: (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown> };

/** A query's options without the parsers PGlite already has: only when they are exactly drizzle's types. */
function withoutKnownParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const known = Object.keys(parsers).every((oid) => Number(oid) in DRIZZLE_PARSERS);
  if (!known) return options;
  const { parsers: _given, ...rest } = options;
  return rest;
}

/** `target` whose query() drops the known parsers; everything else is the target's own, bound to it (PGlite has private fields). */
function lighten<T extends Queryable>(target: T, wrapTransaction: boolean): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === "query") {
        return (text: string, params?: unknown[], options?: QueryOptions) => object.query(text, params, withoutKnownParsers(options));
      }
      if (wrapTransaction && property === "transaction") {
        const transaction = (object as unknown as { transaction: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown> })
          .transaction;
        return (fn: (tx: Queryable) => Promise<unknown>) => transaction.call(object, (tx) => fn(lighten(tx, false)));
      }
      const value = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

/**
 * A PGlite database for Drizzle: the parsers Drizzle wants are PGlite's own, so no query pays
 * for merging them. `raw` is the instance itself (closing, dumping, waiting until ready).
 */
export async function openPglite(options: PGliteOptions): Promise<{ raw: PGlite; client: PGlite }> {
  const raw = new PGlite({ ...options, parsers: { ...options.parsers, ...DRIZZLE_PARSERS } });
  await raw.waitReady;
  return { raw, client: lighten(raw as unknown as Queryable, true) as unknown as PGlite };
}
