import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { agenda, partners, speakers, special_guests } from "~/db/schema";
import { isUuid } from "~/db/uuid";

// The organisers' display order, shared by speakers, special guests, the agenda and
// partners: each row has a position 1..n in `order_index`. Every change renumbers the
// whole list in one statement inside one transaction, under row locks, so two
// organisers reordering at once cannot interleave and the numbering stays contiguous.

export type OrderedTable = typeof speakers | typeof special_guests | typeof agenda | typeof partners;

type Rows<T> = { rows: T[] };
// Both drivers (PGlite and node-postgres) return raw rows under `rows`.
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;

/** The display order; ties (rows from before ordering existed) fall back to age. */
export const displayOrder = (table: OrderedTable): SQL[] => [
  sql`${table.order_index} asc`,
  sql`${table.created_at} asc`,
  sql`${table.id} asc`,
];

/**
 * The position for a new row: max + 1, which is "current count + 1" while the numbering
 * is contiguous and still puts the row last when it is not. Locks the table's rows so
 * two concurrent additions do not take the same number.
 */
export async function nextPosition(tx: DbOrTx, table: OrderedTable): Promise<number> {
  await lockedIds(tx, table);
  const [row] = await rowsOf<{ next: number }>(
    tx.execute(sql`select (greatest(count(*), coalesce(max(${table.order_index}), 0)) + 1)::int as next from ${table}`),
  );
  return row?.next ?? 1;
}

/** Swaps a row with its neighbour; returns the order before (for Undo), or null when the row does not exist. */
export async function moveItem(db: DbOrTx, table: OrderedTable, id: string, direction: "up" | "down"): Promise<string[] | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const ids = await lockedIds(tx, table);
    const previous = [...ids];
    const from = ids.indexOf(id);
    if (from === -1) return null;
    const to = direction === "up" ? from - 1 : from + 1;
    if (to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    await renumber(tx, table, ids);
    return previous;
  });
}

/**
 * Puts the rows in the given order. The page sending it may be stale: unknown ids are
 * ignored and rows it did not know about keep their relative place at the end.
 * Returns the ids in their new order.
 */
export async function reorderItems(db: DbOrTx, table: OrderedTable, orderedIds: readonly string[]): Promise<string[]> {
  return (await reorderWith(db, table, () => orderedIds)).ids;
}

/**
 * Puts the rows in the order `decide` gives from the current one (read under the locks), with
 * reorderItems' tolerance; returns the order before (for Undo) and after.
 */
export async function reorderWith(
  db: DbOrTx,
  table: OrderedTable,
  decide: (current: string[]) => readonly string[] | Promise<readonly string[]>,
): Promise<{ previous: string[]; ids: string[] }> {
  return db.transaction(async (tx) => {
    const current = await lockedIds(tx, table);
    const known = new Set(current);
    const wanted = [...new Set(await decide([...current]))].filter((id) => known.has(id));
    const placed = new Set(wanted);
    const ids = [...wanted, ...current.filter((id) => !placed.has(id))];
    await renumber(tx, table, ids);
    return { previous: current, ids };
  });
}

async function lockedIds(tx: DbOrTx, table: OrderedTable): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`select ${table.id} as id from ${table} order by ${sql.join(displayOrder(table), sql`, `)} for update`),
  );
  return rows.map((row) => row.id);
}

async function renumber(tx: DbOrTx, table: OrderedTable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // The ids come from the locked rows (valid uuids), passed as one array parameter.
  await tx.execute(sql`
    update ${table} set order_index = o.n
    from unnest(${`{${ids.join(",")}}`}::uuid[]) with ordinality as o(id, n)
    where ${table.id} = o.id and ${table.order_index} is distinct from o.n::int`);
}
