import { asc, count, desc, eq, inArray, max } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agenda, partners, type SPEAKER_TYPES, speakers, special_guests } from "~/db/schema";
import type { AgendaItemInput, PartnerInput, SpeakerInput, SpecialGuestInput } from "./schemas";

// The organisers' content: speakers (organizers included), special guests, the
// agenda and partners. Update and delete return undefined when the
// row does not exist, so a stale admin page gets a clear "not found".

export type Speaker = typeof speakers.$inferSelect;
export type SpecialGuest = typeof special_guests.$inferSelect;
export type AgendaItem = typeof agenda.$inferSelect;
export type Partner = typeof partners.$inferSelect;
export type SpeakerType = (typeof SPEAKER_TYPES)[number];

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id from a form would otherwise be a database error (22P02), not "not found". */
function isContentId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

// ---- speakers ---------------------------------------------------------------

export function listSpeakers(db: DbOrTx): Promise<Speaker[]> {
  return db.select().from(speakers).orderBy(desc(speakers.created_at), desc(speakers.id));
}

/** All speakers, or only those of the given types (e.g. without the organizers). */
export async function countSpeakers(db: DbOrTx, types?: readonly SpeakerType[]): Promise<number> {
  const query = db.select({ n: count() }).from(speakers);
  const [row] = await (types ? query.where(inArray(speakers.speaker_type, [...types])) : query);
  return row?.n ?? 0;
}

export async function createSpeaker(db: DbOrTx, input: SpeakerInput): Promise<Speaker> {
  const [row] = await db.insert(speakers).values(input).returning();
  if (!row) throw new Error("speaker insert returned no row");
  return row;
}

export async function updateSpeaker(db: DbOrTx, id: string, input: SpeakerInput): Promise<Speaker | undefined> {
  if (!isContentId(id)) return undefined;
  const [row] = await db.update(speakers).set(input).where(eq(speakers.id, id)).returning();
  return row;
}

export async function deleteSpeaker(db: DbOrTx, id: string): Promise<Speaker | undefined> {
  if (!isContentId(id)) return undefined;
  const [row] = await db.delete(speakers).where(eq(speakers.id, id)).returning();
  return row;
}

// ---- special guests -----------------------------------------------------------

export function listSpecialGuests(db: DbOrTx): Promise<SpecialGuest[]> {
  return db.select().from(special_guests).orderBy(desc(special_guests.created_at), desc(special_guests.id));
}

export async function createSpecialGuest(db: DbOrTx, input: SpecialGuestInput): Promise<SpecialGuest> {
  const [row] = await db.insert(special_guests).values(input).returning();
  if (!row) throw new Error("special guest insert returned no row");
  return row;
}

export async function updateSpecialGuest(db: DbOrTx, id: string, input: SpecialGuestInput): Promise<SpecialGuest | undefined> {
  if (!isContentId(id)) return undefined;
  const [row] = await db.update(special_guests).set(input).where(eq(special_guests.id, id)).returning();
  return row;
}

export async function deleteSpecialGuest(db: DbOrTx, id: string): Promise<SpecialGuest | undefined> {
  if (!isContentId(id)) return undefined;
  const [row] = await db.delete(special_guests).where(eq(special_guests.id, id)).returning();
  return row;
}

// ---- agenda -------------------------------------------------------------------

const agendaOrder = [asc(agenda.order_index), asc(agenda.created_at), asc(agenda.id)] as const;

export function listAgenda(db: DbOrTx): Promise<AgendaItem[]> {
  return db
    .select()
    .from(agenda)
    .orderBy(...agendaOrder);
}

/**
 * Appends an item as number max + 1: that is "current count + 1" (the rule organisers know)
 * while the numbering is contiguous (moves and reorders keep it so), and it still
 * puts the item last when it is not (after deletions).
 */
export async function createAgendaItem(db: DbOrTx, input: AgendaItemInput): Promise<AgendaItem> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ n: count(), top: max(agenda.order_index) }).from(agenda);
    const order_index = Math.max(last?.n ?? 0, last?.top ?? 0) + 1;
    const [row] = await tx
      .insert(agenda)
      .values({ ...input, order_index })
      .returning();
    if (!row) throw new Error("agenda insert returned no row");
    return row;
  });
}

/** Edits the text of an item; its place in the order stays. */
export async function updateAgendaItem(db: DbOrTx, id: string, input: AgendaItemInput): Promise<AgendaItem | undefined> {
  if (!isContentId(id)) return undefined;
  const [row] = await db.update(agenda).set(input).where(eq(agenda.id, id)).returning();
  return row;
}

export async function deleteAgendaItem(db: DbOrTx, id: string): Promise<AgendaItem | undefined> {
  if (!isContentId(id)) return undefined;
  const [row] = await db.delete(agenda).where(eq(agenda.id, id)).returning();
  return row;
}

/** Swaps an item with its neighbour (the drag handle's keyboard path). Undefined when the item does not exist. */
export async function moveAgendaItem(db: DbOrTx, id: string, direction: "up" | "down"): Promise<AgendaItem | undefined> {
  if (!isContentId(id)) return undefined;
  return db.transaction(async (tx) => {
    const ids = await lockedAgendaIds(tx);
    const from = ids.indexOf(id);
    if (from === -1) return undefined;
    const to = direction === "up" ? from - 1 : from + 1;
    if (to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    const rows = await renumber(tx, ids);
    return rows.find((row) => row.id === id);
  });
}

/**
 * Puts the items in the given order and numbers them 1..n. The page sending the
 * order may be stale: unknown ids are ignored and items it did not know about
 * keep their relative place at the end. Returns the agenda in its new order.
 */
export async function reorderAgenda(db: DbOrTx, orderedIds: readonly string[]): Promise<AgendaItem[]> {
  return db.transaction(async (tx) => {
    const current = await lockedAgendaIds(tx);
    const known = new Set(current);
    const wanted = [...new Set(orderedIds)].filter((id) => known.has(id));
    const placed = new Set(wanted);
    return renumber(tx, [...wanted, ...current.filter((id) => !placed.has(id))]);
  });
}

// Row locks serialise concurrent reorders, so two admins cannot interleave renumberings.
async function lockedAgendaIds(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: agenda.id })
    .from(agenda)
    .orderBy(...agendaOrder)
    .for("update");
  return rows.map((row) => row.id);
}

async function renumber(tx: DbOrTx, ids: readonly string[]): Promise<AgendaItem[]> {
  const rows: AgendaItem[] = [];
  for (const [index, id] of ids.entries()) {
    const [row] = await tx
      .update(agenda)
      .set({ order_index: index + 1 })
      .where(eq(agenda.id, id))
      .returning();
    if (row) rows.push(row);
  }
  return rows;
}

// ---- partners -----------------------------------------------------------------

export function listPartners(db: DbOrTx): Promise<Partner[]> {
  return db.select().from(partners).orderBy(desc(partners.created_at), desc(partners.id));
}

export async function createPartner(db: DbOrTx, input: PartnerInput): Promise<Partner> {
  const [row] = await db.insert(partners).values(input).returning();
  if (!row) throw new Error("partner insert returned no row");
  return row;
}

export async function updatePartner(db: DbOrTx, id: string, input: PartnerInput): Promise<Partner | undefined> {
  if (!isContentId(id)) return undefined;
  const [row] = await db.update(partners).set(input).where(eq(partners.id, id)).returning();
  return row;
}

export async function deletePartner(db: DbOrTx, id: string): Promise<Partner | undefined> {
  if (!isContentId(id)) return undefined;
  const [row] = await db.delete(partners).where(eq(partners.id, id)).returning();
  return row;
}
