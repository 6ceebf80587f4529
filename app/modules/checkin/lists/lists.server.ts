import { and, asc, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { check_in_lists, list_check_ins } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import type { Language } from "~/i18n/languages";
import { localized } from "~/i18n/localized";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { lagosDate } from "~/ui/date-time";
import type { CheckInListInput } from "./schemas";

// The organisers' check-in lists beside the entrance (lunch, the conference kit, a second day):
// added, edited, put away and brought back on Event Operations. A list is never deleted with
// what it gave: one that has given anything can only be put away (its record stays, and comes
// back with it). Every change is audited.

export type CheckInList = typeof check_in_lists.$inferSelect;

const ENTITY = "check_in_list";

/** A list's name in the volunteer's language (its Hausa name when it has one). */
export function listName(list: Pick<CheckInList, "name" | "translations">, language: Language): string {
  return localized(list, "name", language);
}

export async function findCheckInList(db: DbOrTx, id: string): Promise<CheckInList | undefined> {
  if (!isUuid(id)) return undefined;
  const [list] = await db.select().from(check_in_lists).where(eq(check_in_lists.id, id)).limit(1);
  return list;
}

/** The lists the door offers (not put away), oldest first: the order organisers made them in. */
export async function activeCheckInLists(db: DbOrTx): Promise<CheckInList[]> {
  return db
    .select()
    .from(check_in_lists)
    .where(isNull(check_in_lists.archived_at))
    .orderBy(asc(check_in_lists.created_at), asc(check_in_lists.id));
}

/** Every list, those put away included (Event Operations, the CSV), oldest first. */
export async function allCheckInLists(db: DbOrTx): Promise<CheckInList[]> {
  return db.select().from(check_in_lists).orderBy(asc(check_in_lists.created_at), asc(check_in_lists.id));
}

function values(input: CheckInListInput) {
  return {
    name: input.name,
    translations: input.translations,
    rule: input.rule,
    requires_entrance: input.requires_entrance,
    quantity: input.quantity,
  };
}

export async function createCheckInList(db: Db, actor: AuditActor, input: CheckInListInput): Promise<CheckInList> {
  return db.transaction(async (tx) => {
    const [list] = await tx.insert(check_in_lists).values(values(input)).returning();
    if (!list) throw new Error("the list was not created");
    await recordAudit(tx, actor, { action: "check-in-list.create", entity: ENTITY, entityId: list.id, details: auditDetails(list) });
    return list;
  });
}

/**
 * Saves an edit. A quantity below what was already given (today, for a once-a-day list) is
 * refused ("given-more"): the door would count below zero. The list row is locked, so a door giving at this moment waits.
 */
export async function updateCheckInList(
  db: Db,
  actor: AuditActor,
  id: string,
  input: CheckInListInput,
  now = new Date(),
): Promise<{ status: "saved"; list: CheckInList } | { status: "missing" } | { status: "given-more"; given: number; today: boolean }> {
  if (!isUuid(id)) return { status: "missing" };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(check_in_lists).where(eq(check_in_lists.id, id)).for("update");
    if (!before) return { status: "missing" as const };
    if (input.quantity !== null) {
      const given = await countGiven(tx, id, quantityDay(input, now));
      if (given > input.quantity) return { status: "given-more" as const, given, today: input.rule === "daily" };
    }
    const [list] = await tx.update(check_in_lists).set(values(input)).where(eq(check_in_lists.id, id)).returning();
    if (!list) return { status: "missing" as const };
    await recordAudit(tx, actor, {
      action: "check-in-list.update",
      entity: ENTITY,
      entityId: id,
      details: { before: auditDetails(before), after: auditDetails(list) },
    });
    return { status: "saved" as const, list };
  });
}

/** Puts a list away (true) or brings it back (false); "unchanged" when it already was. */
export async function setCheckInListArchived(
  db: Db,
  actor: AuditActor,
  id: string,
  archived: boolean,
  now = new Date(),
): Promise<"done" | "unchanged" | "missing"> {
  if (!isUuid(id)) return "missing";
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(check_in_lists)
      .set({ archived_at: archived ? now : null })
      .where(and(eq(check_in_lists.id, id), archived ? isNull(check_in_lists.archived_at) : isNotNull(check_in_lists.archived_at)))
      .returning({ name: check_in_lists.name });
    if (!changed) return (await findCheckInList(tx, id)) ? "unchanged" : "missing";
    await recordAudit(tx, actor, {
      action: archived ? "check-in-list.archive" : "check-in-list.restore",
      entity: ENTITY,
      entityId: id,
      details: { name: changed.name },
    });
    return "done";
  });
}

/**
 * Deletes a list that never gave anything (made by mistake). One that gave is kept: "has-given"
 * (put it away instead). Locked first: a door's give (its key check) waits for the decision.
 */
export async function deleteCheckInList(db: Db, actor: AuditActor, id: string): Promise<"deleted" | "has-given" | "missing"> {
  if (!isUuid(id)) return "missing";
  return db.transaction(async (tx) => {
    const [list] = await tx.select().from(check_in_lists).where(eq(check_in_lists.id, id)).for("update");
    if (!list) return "missing";
    if ((await countGiven(tx, id)) > 0) return "has-given";
    await tx.delete(check_in_lists).where(eq(check_in_lists.id, id));
    await recordAudit(tx, actor, { action: "check-in-list.delete", entity: ENTITY, entityId: id, details: auditDetails(list) });
    return "deleted";
  });
}

/**
 * The day a list's quantity counts: today in Lagos for a once-a-day list, whose quantity is a
 * day's (300 plates of lunch on each day, not 300 for the summit); undefined for the others,
 * whose quantity is for all their gives. A daily give's slot is its Lagos day (give.server.ts).
 */
export function quantityDay(list: Pick<CheckInList, "rule">, now: Date): string | undefined {
  return list.rule === "daily" ? lagosDate(now) : undefined;
}

/**
 * What a row of givenByListAndDoor counts against the list's quantity: today's gives for a
 * once-a-day list (its quantity is the day's, see quantityDay), every give for the others.
 */
export function countedAgainstQuantity(list: Pick<CheckInList, "rule">, row: { count: number; today: number }): number {
  return list.rule === "daily" ? row.today : row.count;
}

/** How many things a list has given: on `day` (a daily list's slot) when given, else every day; every door. */
export async function countGiven(db: DbOrTx, listId: string, day?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(list_check_ins)
    .where(and(eq(list_check_ins.list_id, listId), day === undefined ? undefined : eq(list_check_ins.slot, day)));
  return row?.n ?? 0;
}

/**
 * Given per list and door, in one aggregate: Event Operations' figures and the door's count;
 * `today` counts the gives in today's slot (what a once-a-day list's quantity counts).
 */
export async function givenByListAndDoor(
  db: DbOrTx,
  { listId, now = new Date() }: { listId?: string; now?: Date } = {},
): Promise<{ list_id: string; door: string; count: number; today: number }[]> {
  return db
    .select({
      list_id: list_check_ins.list_id,
      door: list_check_ins.door,
      count: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where ${list_check_ins.slot} = ${lagosDate(now)}))::int`,
    })
    .from(list_check_ins)
    .where(listId ? eq(list_check_ins.list_id, listId) : undefined)
    .groupBy(list_check_ins.list_id, list_check_ins.door)
    .orderBy(list_check_ins.list_id, sql`count(*) desc`, list_check_ins.door);
}

function auditDetails(list: CheckInList) {
  return {
    name: list.name,
    rule: list.rule,
    requiresEntrance: list.requires_entrance,
    quantity: list.quantity,
    ...(list.translations.ha?.name ? { nameHa: list.translations.ha.name } : {}),
  };
}
