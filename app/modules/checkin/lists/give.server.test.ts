import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { english } from "#tests/support/english.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, audit_log, check_ins, list_check_ins } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { lagosDate } from "~/ui/date-time";
import type { DoorAttendee } from "../checkin.server";
import { doorListPage } from "./door-lists.server";
import { giveFromList, undoGive } from "./give.server";
import { type CheckInList, countGiven, createCheckInList, setCheckInListArchived, updateCheckInList } from "./lists.server";
import { checkInListsOverview } from "./lists-overview.server";
import type { CheckInListInput } from "./schemas";

// Giving from a check-in list: each rule, the quantity counted down (and, on PostgreSQL, two
// doors giving the last kit at once), the entrance first, a retry by the device's id, undo.

const door = (name: string) => ({ door: name });
const list = (input: Partial<CheckInListInput> & { name: string }): CheckInListInput => ({
  translations: {},
  rule: "once",
  requires_entrance: false,
  quantity: null,
  ...input,
});

describe.each(DATABASE_KINDS)("check-in lists on %s", (kind) => {
  let database: DbConnection;
  let bala: { id: string; email: string; name: string };
  let amina: { id: string; email: string; name: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolSize: 4 });
    bala = await createAdmin(database.db, { email: `bala-${kind}@example.org`, name: "Bala", password: "x".repeat(12), role: "checkin" });
    amina = await createAdmin(database.db, {
      email: `amina-${kind}@example.org`,
      name: "Amina",
      password: "x".repeat(12),
      role: "checkin",
    });
  });
  afterAll(async () => database?.close());

  const person = async (full_name = "Zainab Musa"): Promise<DoorAttendee> => {
    const a = await createAttendee(database.db, { full_name });
    return { id: a.id, full_name: a.full_name, organization: a.organization, position: a.position, state: a.state, ticket_id: a.ticket_id };
  };
  const make = async (input: Partial<CheckInListInput> & { name: string }): Promise<CheckInList> =>
    createCheckInList(database.db, bala, list(input));

  it("gives once: a second door is told when, where and by whom, and nothing more is given", async () => {
    const { db } = database;
    const lunch = await make({ name: "Lunch", translations: { ha: { name: "Abincin rana" } } });
    const zainab = await person();
    const first = await giveFromList(db, bala, lunch.id, zainab, "scan", "en", door("Hall B"));
    expect(first).toMatchObject({ status: "checked-in", list: "Lunch" });
    expect(english(first.message)).toBe("Lunch: enjoy!");
    const again = await giveFromList(db, amina, lunch.id, zainab, "ticket-id", "ha", door("Hall C"));
    expect(again).toMatchObject({ status: "already", list: "Abincin rana" });
    expect(english(again.message)).toMatch(/^Abincin rana already given at \d\d:\d\d at Hall B by Bala$/);
    // The same door seeing the same ticket again at once (the QR code still in view): green, nothing more.
    expect(await giveFromList(db, bala, lunch.id, zainab, "scan", "en", door("Hall B"))).toMatchObject({ status: "checked-in" });
    expect(await db.select().from(list_check_ins).where(eq(list_check_ins.list_id, lunch.id))).toHaveLength(1);
    // The entrance knows nothing of lunch.
    expect(await db.select().from(check_ins).where(eq(check_ins.attendee_id, zainab.id))).toHaveLength(0);
    const audit = await db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity_id, zainab.id), eq(audit_log.action, "check-in-list.give")));
    expect(audit.map((a) => a.details)).toEqual([{ list: "Lunch", method: "scan", door: "Hall B" }]);
  });

  it("gives once a day (Lagos), and any number of times, counted", async () => {
    const { db } = database;
    const daily = await make({ name: "Breakfast", rule: "daily" });
    const water = await make({ name: "Water", rule: "any" });
    const musa = await person("Musa Abdullahi");
    const day1 = new Date("2026-11-21T08:00:00Z");
    const day2 = new Date("2026-11-22T07:30:00Z");
    expect(await giveFromList(db, bala, daily.id, musa, "search", "en", { at: day1 })).toMatchObject({ status: "checked-in" });
    const sameDay = await giveFromList(db, amina, daily.id, musa, "search", "en", { at: new Date("2026-11-21T22:59:00Z") });
    expect(english(sameDay.message)).toBe("Breakfast already given at 09:00 by Bala");
    // 23:30 UTC is already the next day in Lagos.
    expect(await giveFromList(db, amina, daily.id, musa, "search", "en", { at: day2 })).toMatchObject({ status: "checked-in" });
    const slots = await db.select({ slot: list_check_ins.slot }).from(list_check_ins).where(eq(list_check_ins.list_id, daily.id));
    expect(slots.map((s) => s.slot).sort()).toEqual([lagosDate(day1), lagosDate(day2)]);
    for (let i = 0; i < 3; i++) {
      expect(await giveFromList(db, bala, water.id, musa, "ticket-id", "en", door("Bar"))).toMatchObject({ status: "checked-in" });
    }
    expect(await db.select().from(list_check_ins).where(eq(list_check_ins.list_id, water.id))).toHaveLength(3);
  });

  it("counts a quantity down and refuses at zero; the entrance first when the list asks; not from a list put away", async () => {
    const { db } = database;
    const kits = await make({ name: "Kits", quantity: 2, requires_entrance: true });
    const [a, b, c] = [await person("A One"), await person("B Two"), await person("C Three")];
    const needs = await giveFromList(db, bala, kits.id, a, "scan", "en");
    expect(needs.status).toBe("refused");
    expect(english(needs.message)).toBe("Kits: not checked in at the entrance yet. Check them in there first.");
    await db.insert(check_ins).values([a, b, c].map((p) => ({ attendee_id: p.id, checked_in_by: bala.id })));
    expect(english((await giveFromList(db, bala, kits.id, a, "scan", "en")).message)).toBe("Kits: enjoy! 1 left.");
    expect(english((await giveFromList(db, bala, kits.id, b, "scan", "en")).message)).toBe("Kits: enjoy! 0 left.");
    const none = await giveFromList(db, bala, kits.id, c, "scan", "en");
    expect(none).toMatchObject({ status: "refused" });
    expect(english(none.message)).toBe("Kits: none left.");
    // Someone who had theirs hears so, not "none left".
    expect((await giveFromList(db, amina, kits.id, a, "scan", "en")).status).toBe("already");
    await setCheckInListArchived(db, bala, kits.id, true);
    expect(english((await giveFromList(db, bala, kits.id, c, "scan", "en")).message)).toBe(
      "Kits was put away by the organisers: choose another list.",
    );
  });

  it("counts a once-a-day list's quantity per day: each day has its own, on the door, Event Operations and an edit", async () => {
    const { db } = database;
    const lunch = await make({ name: "Daily lunch", rule: "daily", quantity: 2 });
    const [a, b, c] = [await person("Aisha One"), await person("Bello Two"), await person("Chima Three")];
    const day1 = new Date("2026-11-23T11:00:00Z");
    const day2 = new Date("2026-11-24T11:00:00Z");
    const say = async (who: DoorAttendee, at: Date, where = "Hall A") =>
      english((await giveFromList(db, bala, lunch.id, who, "scan", "en", { door: where, at })).message);
    expect(await say(a, day1)).toBe("Daily lunch: enjoy! 1 left.");
    expect(await say(b, day1)).toBe("Daily lunch: enjoy! 0 left.");
    expect(await say(c, day1)).toBe("Daily lunch: none left.");
    // The next day, two plates again: the first day's gives do not count against it.
    expect(await say(a, day2)).toBe("Daily lunch: enjoy! 1 left.");
    expect(await say(c, day2, "Hall B")).toBe("Daily lunch: enjoy! 0 left.");
    expect(await countGiven(db, lunch.id)).toBe(4);
    expect(await countGiven(db, lunch.id, lagosDate(day2))).toBe(2);

    const page = await doorListPage(db, new URL(`http://x/admin/check-in?list=${lunch.id}`), "en", { matches: [], undoId: null }, day2);
    expect(page.list).toMatchObject({ rule: "daily", given: 2, left: 0 });
    expect(page.list?.doors).toEqual([
      { door: "Hall A", count: 1 },
      { door: "Hall B", count: 1 },
    ]);
    const overview = await checkInListsOverview(db, new URL("http://x/admin/operations"), day2);
    expect(overview.lists.find((l) => l.id === lunch.id)).toMatchObject({ given: 4, givenToday: 2, left: 0 });

    // Lowered below today's gives: refused, naming today's; to today's: saved, though four were given in all.
    const edit = (quantity: number) => updateCheckInList(db, bala, lunch.id, list({ name: "Daily lunch", rule: "daily", quantity }), day2);
    expect(await edit(1)).toEqual({ status: "given-more", given: 2, today: true });
    expect(await edit(2)).toMatchObject({ status: "saved" });
  });

  it("gives the last kit once when two doors ask at the same moment", async () => {
    const { db } = database;
    const kits = await make({ name: "Last kit", quantity: 1 });
    const people = await Promise.all(["P One", "P Two", "P Three", "P Four"].map((n) => person(n)));
    const answers = await Promise.all(
      people.map((p, i) => giveFromList(db, i % 2 ? amina : bala, kits.id, p, "scan", "en", door(`Door ${i}`))),
    );
    expect(answers.filter((a) => a.status === "checked-in")).toHaveLength(1);
    expect(answers.filter((a) => a.status === "refused").map((a) => english(a.message))).toEqual([
      "Last kit: none left.",
      "Last kit: none left.",
      "Last kit: none left.",
    ]);
    expect(await db.select().from(list_check_ins).where(eq(list_check_ins.list_id, kits.id))).toHaveLength(1);
  });

  it("gives once for two doors scanning one ticket at once, and once for a request sent again with its id", async () => {
    const { db } = database;
    const lunch = await make({ name: "Lunch two" });
    const hauwa = await person("Hauwa Sani");
    const answers = await Promise.all([
      giveFromList(db, bala, lunch.id, hauwa, "scan", "en", door("North")),
      giveFromList(db, amina, lunch.id, hauwa, "scan", "en", door("South")),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual(["already", "checked-in"]);
    const water = await make({ name: "Water two", rule: "any" });
    const clientId = crypto.randomUUID();
    for (let i = 0; i < 2; i++) {
      expect(await giveFromList(db, bala, water.id, hauwa, "ticket-id", "en", { clientId })).toMatchObject({ status: "checked-in" });
    }
    const rows = await db.select().from(list_check_ins).where(eq(list_check_ins.list_id, water.id));
    expect(rows.map((r) => r.id)).toEqual([clientId]);
  });

  it("undoes a give (audited): the person can be given one again", async () => {
    const { db } = database;
    const lunch = await make({ name: "Lunch three" });
    const idris = await person("Idris Lawal");
    await giveFromList(db, bala, lunch.id, idris, "search", "en");
    expect(await undoGive(db, amina, lunch, idris.id)).toEqual({ full_name: "Idris Lawal" });
    expect(await undoGive(db, amina, lunch, idris.id)).toBeNull();
    const [entry] = await db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity_id, idris.id), eq(audit_log.action, "check-in-list.undo")));
    expect(entry?.details).toMatchObject({ list: "Lunch three" });
    expect(await giveFromList(db, amina, lunch.id, idris, "search", "en")).toMatchObject({ status: "checked-in" });
    // A give goes with its attendee.
    await db.delete(attendees).where(eq(attendees.id, idris.id));
    expect(await db.select().from(list_check_ins).where(eq(list_check_ins.list_id, lunch.id))).toHaveLength(0);
  });
});
