import { count, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agenda, partners, type SPEAKER_TYPES, speakers, special_guests } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { displayOrder, nextPosition } from "./ordering.server";
import type { AgendaItemInput, PartnerInput, SpeakerInput, SpecialGuestInput } from "./schemas";

// The organisers' content: speakers (organizers included), special guests, the
// agenda and partners, each listed in the organisers' order. Update and delete return
// undefined when the row does not exist, so a stale admin page gets a clear "not found".

/** A stored speaker, with the organisers' versions of its texts in other languages. */
export type SpeakerRecord = typeof speakers.$inferSelect;
export type SpecialGuestRecord = typeof special_guests.$inferSelect;
/** A speaker as a page shows it: its texts in one language already (landingPage), without the others. */
export type Speaker = Omit<SpeakerRecord, "translations">;
export type SpecialGuest = Omit<SpecialGuestRecord, "translations">;
export type Partner = typeof partners.$inferSelect;
export type AgendaItem = typeof agenda.$inferSelect & {
  /** The linked speaker as it is now (name edits follow), or null. */
  speaker: { name: string; title: string } | null;
};
export type SpeakerType = (typeof SPEAKER_TYPES)[number];
/** The row each content screen lists and edits. */
export type ContentRows = { speaker: SpeakerRecord; specialGuest: SpecialGuestRecord; agenda: AgendaItem; partner: Partner };

// ---- speakers ---------------------------------------------------------------

export function listSpeakers(db: DbOrTx): Promise<SpeakerRecord[]> {
  return db
    .select()
    .from(speakers)
    .orderBy(...displayOrder(speakers));
}

/** All speakers, or only those of the given types (e.g. without the organizers). */
export async function countSpeakers(db: DbOrTx, types?: readonly SpeakerType[]): Promise<number> {
  const query = db.select({ n: count() }).from(speakers);
  const [row] = await (types ? query.where(inArray(speakers.speaker_type, [...types])) : query);
  return row?.n ?? 0;
}

export async function findSpeaker(db: DbOrTx, id: string): Promise<SpeakerRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(speakers).where(eq(speakers.id, id)).limit(1);
  return row;
}

export function createSpeaker(db: DbOrTx, input: SpeakerInput): Promise<SpeakerRecord> {
  return db.transaction(async (tx) => {
    const order_index = await nextPosition(tx, speakers);
    const [row] = await tx
      .insert(speakers)
      .values({ ...input, order_index })
      .returning();
    if (!row) throw new Error("speaker insert returned no row");
    return row;
  });
}

export async function updateSpeaker(db: DbOrTx, id: string, input: SpeakerInput): Promise<SpeakerRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.update(speakers).set(input).where(eq(speakers.id, id)).returning();
  return row;
}

/**
 * Agenda items linked to the speaker stay: the link is cleared by the foreign key, and an
 * item that showed only the linked name keeps it as its own text.
 */
export function deleteSpeaker(db: DbOrTx, id: string): Promise<SpeakerRecord | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ name: speakers.name }).from(speakers).where(eq(speakers.id, id)).for("update");
    if (!row) return undefined;
    await tx.update(agenda).set({ speaker_name: row.name }).where(sql`${agenda.speaker_id} = ${id} and ${agenda.speaker_name} = ''`);
    const [deleted] = await tx.delete(speakers).where(eq(speakers.id, id)).returning();
    return deleted;
  });
}

// ---- special guests -----------------------------------------------------------

export function listSpecialGuests(db: DbOrTx): Promise<SpecialGuestRecord[]> {
  return db
    .select()
    .from(special_guests)
    .orderBy(...displayOrder(special_guests));
}

export async function findSpecialGuest(db: DbOrTx, id: string): Promise<SpecialGuestRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(special_guests).where(eq(special_guests.id, id)).limit(1);
  return row;
}

export function createSpecialGuest(db: DbOrTx, input: SpecialGuestInput): Promise<SpecialGuestRecord> {
  return db.transaction(async (tx) => {
    const order_index = await nextPosition(tx, special_guests);
    const [row] = await tx
      .insert(special_guests)
      .values({ ...input, order_index })
      .returning();
    if (!row) throw new Error("special guest insert returned no row");
    return row;
  });
}

export async function updateSpecialGuest(db: DbOrTx, id: string, input: SpecialGuestInput): Promise<SpecialGuestRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.update(special_guests).set(input).where(eq(special_guests.id, id)).returning();
  return row;
}

export async function deleteSpecialGuest(db: DbOrTx, id: string): Promise<SpecialGuestRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.delete(special_guests).where(eq(special_guests.id, id)).returning();
  return row;
}

// ---- agenda -------------------------------------------------------------------

export async function listAgenda(db: DbOrTx): Promise<AgendaItem[]> {
  const rows = await db
    .select({ item: agenda, speaker: { name: speakers.name, title: speakers.title } })
    .from(agenda)
    .leftJoin(speakers, eq(agenda.speaker_id, speakers.id))
    .orderBy(...displayOrder(agenda));
  return rows.map(({ item, speaker }) => ({ ...item, speaker }));
}

export async function findAgendaItem(db: DbOrTx, id: string): Promise<AgendaItem | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ item: agenda, speaker: { name: speakers.name, title: speakers.title } })
    .from(agenda)
    .leftJoin(speakers, eq(agenda.speaker_id, speakers.id))
    .where(eq(agenda.id, id))
    .limit(1);
  return row ? { ...row.item, speaker: row.speaker } : undefined;
}

/** New items go last; an edit keeps the item's place. */
export function createAgendaItem(db: DbOrTx, input: AgendaItemInput): Promise<typeof agenda.$inferSelect> {
  return db.transaction(async (tx) => {
    const order_index = await nextPosition(tx, agenda);
    const [row] = await tx
      .insert(agenda)
      .values({ ...input, order_index })
      .returning();
    if (!row) throw new Error("agenda insert returned no row");
    return row;
  });
}

export async function updateAgendaItem(db: DbOrTx, id: string, input: AgendaItemInput): Promise<typeof agenda.$inferSelect | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.update(agenda).set(input).where(eq(agenda.id, id)).returning();
  return row;
}

export async function deleteAgendaItem(db: DbOrTx, id: string): Promise<typeof agenda.$inferSelect | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.delete(agenda).where(eq(agenda.id, id)).returning();
  return row;
}

// ---- partners -----------------------------------------------------------------

export function listPartners(db: DbOrTx): Promise<Partner[]> {
  return db
    .select()
    .from(partners)
    .orderBy(...displayOrder(partners));
}

export async function findPartner(db: DbOrTx, id: string): Promise<Partner | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return row;
}

export function createPartner(db: DbOrTx, input: PartnerInput): Promise<Partner> {
  return db.transaction(async (tx) => {
    const order_index = await nextPosition(tx, partners);
    const [row] = await tx
      .insert(partners)
      .values({ ...input, order_index })
      .returning();
    if (!row) throw new Error("partner insert returned no row");
    return row;
  });
}

export async function updatePartner(db: DbOrTx, id: string, input: PartnerInput): Promise<Partner | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.update(partners).set(input).where(eq(partners.id, id)).returning();
  return row;
}

export async function deletePartner(db: DbOrTx, id: string): Promise<Partner | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.delete(partners).where(eq(partners.id, id)).returning();
  return row;
}
