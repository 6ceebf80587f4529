import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { english } from "#tests/support/english.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { audit_log, check_in_lists, check_ins } from "~/db/schema";
import { attendeesCsvStream } from "~/modules/attendees/csv.server";
import { createAdmin } from "~/modules/auth/accounts.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { lagosDate } from "~/ui/date-time";
import { checkInAction, checkInPage } from "../actions.server";
import { attendeeListGives } from "./attendee-lists.server";
import { allCheckInLists } from "./lists.server";
import { checkInListsAction } from "./lists-actions.server";
import { checkInListsOverview } from "./lists-overview.server";

// The organisers' side (Event Operations' forms as the browser posts them, the figures, the CSV)
// and the door's (a list chosen in the URL: the same forms give from it; the page counts it).

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

type Answer = { data: { outcome: { status: string; message: string } } };

describe("check-in lists: Event Operations, the door and the CSV", () => {
  let database: DbConnection;
  let organiser: { id: string; email: string; name: string };
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    organiser = await createAdmin(database.db, { email: "lists@example.org", name: "Hadiza", password: "x".repeat(12), role: "organiser" });
    await updateSettings(database.db, { event_date: lagosDate(new Date()) });
  });
  afterAll(async () => database?.close());

  const post = (fields: Record<string, string>) => checkInListsAction(database.db, organiser, form(fields), "/admin/operations");
  const listNamed = async (name: string) => (await allCheckInLists(database.db)).find((l) => l.name === name);
  /** A list of its own for a test, added as the form posts it. */
  const added = async (fields: Record<string, string> & { name: string }) => {
    await post({ intent: "list-create", rule: "once", ...fields });
    const list = await listNamed(fields.name);
    if (!list) throw new Error(`${fields.name} was not added`);
    return list;
  };

  it("adds, edits, puts away and brings back lists; refuses what the schema or the record refuses, with what was typed", async () => {
    const created = await post({ intent: "list-create", name: "  Lunch ", "translations.ha.name": "Abincin rana", rule: "once" });
    expect(created).toBeInstanceOf(Response);
    const lunch = await listNamed("Lunch");
    expect(lunch).toMatchObject({ rule: "once", quantity: null, requires_entrance: false, translations: { ha: { name: "Abincin rana" } } });
    const refused = (await post({ intent: "list-create", name: "", quantity: "-3" })) as unknown as {
      data: { listForm: { status: string; error: Record<string, string[]>; initialValue: Record<string, unknown> } };
    };
    expect(refused.data.listForm.status).toBe("error");
    expect(Object.keys(refused.data.listForm.error).sort()).toEqual(["name", "quantity"]);
    expect(refused.data.listForm.initialValue).toMatchObject({ quantity: "-3" });

    await post({ intent: "list-create", name: "Kit", rule: "once", quantity: "2", requires_entrance: "on" });
    const kit = await listNamed("Kit");
    expect(kit).toMatchObject({ quantity: 2, requires_entrance: true });
    await post({ intent: "list-update", id: kit?.id ?? "", name: "Conference kit", rule: "once", quantity: "3" });
    expect(await listNamed("Conference kit")).toMatchObject({ quantity: 3, requires_entrance: false });
    await post({ intent: "list-archive", id: kit?.id ?? "" });
    expect((await listNamed("Conference kit"))?.archived_at).toBeInstanceOf(Date);
    await post({ intent: "list-restore", id: kit?.id ?? "" });
    expect((await listNamed("Conference kit"))?.archived_at).toBeNull();
    const actions = await database.db.select({ action: audit_log.action }).from(audit_log).where(eq(audit_log.entity, "check_in_list"));
    expect(actions.map((a) => a.action)).toEqual([
      "check-in-list.create",
      "check-in-list.create",
      "check-in-list.update",
      "check-in-list.archive",
      "check-in-list.restore",
    ]);
  });

  it("gives at the door from the list the URL names; the page counts it; the CSV and the details show it", async () => {
    const { db } = database;
    const lunch = await added({ name: "Door lunch", "translations.ha.name": "Abincin ƙofa" });
    const kit = await added({ name: "Door kit", quantity: "3" });
    const zainab = await createAttendee(db, { full_name: "Zainab Lunch" });
    const context = (list: string) => ({ back: `/admin/check-in?list=${list}`, language: "en" as const, cookies: null, list });
    const give = async (list: string, fields: Record<string, string>) =>
      ((await checkInAction(db, organiser, form(fields), context(list))) as unknown as Answer).data.outcome;

    const first = await give(lunch.id, { intent: "ticket", ticket_id: zainab.ticket_id, door: "Hall B" });
    expect(first.status).toBe("checked-in");
    expect(english(first.message)).toBe("Door lunch: enjoy!");
    const second = await give(lunch.id, { intent: "attendee", id: zainab.id });
    expect(english(second.message)).toMatch(/^Door lunch already given at \d\d:\d\d at Hall B by Hadiza$/);

    const page = await checkInPage(db, organiser, new URL(`http://x/admin/check-in?list=${lunch.id}&q=Zainab`), "ha");
    const shown = "data" in page ? page.data : page;
    expect(shown.list).toMatchObject({ id: lunch.id, name: "Abincin ƙofa", given: 1, left: null, doors: [{ door: "Hall B", count: 1 }] });
    expect(shown.lists.map((l) => l.name)).toEqual(expect.arrayContaining(["Abincin ƙofa", "Door kit"]));
    expect(shown.matches.find((m) => m.id === zainab.id)).toMatchObject({ door: "Hall B", checked_in_by: "Hadiza" });
    // The entrance's own count is untouched: the dashboard's attendance follows the entrance only.
    expect(shown.checkedIn).toBe(0);

    const overview = await checkInListsOverview(db, new URL("http://x/admin/operations"));
    expect(overview.lists.find((l) => l.id === lunch.id)).toMatchObject({ given: 1, left: null, doors: [{ door: "Hall B", count: 1 }] });
    expect(overview.lists.find((l) => l.id === kit.id)).toMatchObject({ given: 0, left: 3 });

    const gives = await attendeeListGives(db, zainab.id);
    expect(gives).toMatchObject([{ list: "Door lunch", door: "Hall B", by: "Hadiza" }]);

    const water = await added({ name: "Door water", rule: "any" });
    await give(water.id, { intent: "attendee", id: zainab.id });
    await give(water.id, { intent: "attendee", id: zainab.id });
    const csv = await new Response(await attendeesCsvStream(db, { q: "Zainab Lunch" })).text();
    const [header = "", row = ""] = csv.trim().split(/\r?\n/);
    const columns = header.split(",");
    const cell = (name: string) => row.split(",")[columns.indexOf(name)];
    expect(columns.slice(-3)).toEqual(["Door lunch", "Door kit", "Door water (times)"]);
    expect(cell("Door lunch")).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(cell("Door kit")).toBe("");
    expect(cell("Door water (times)")).toBe("2");
  });

  it("deletes only a list that gave nothing: one that gave is put away instead", async () => {
    const { db } = database;
    const mistake = await added({ name: "Mistake" });
    await post({ intent: "list-delete", id: mistake.id });
    expect(await listNamed("Mistake")).toBeUndefined();
    const kit = await added({ name: "Given kit", quantity: "5", requires_entrance: "on" });
    const yusuf = await createAttendee(db, { full_name: "Yusuf Given" });
    await db.insert(check_ins).values({ attendee_id: yusuf.id });
    await checkInAction(db, organiser, form({ intent: "attendee", id: yusuf.id }), {
      back: "/admin/check-in",
      language: "en",
      cookies: null,
      list: kit.id,
    });
    await post({ intent: "list-delete", id: kit.id });
    expect(await db.select().from(check_in_lists).where(eq(check_in_lists.id, kit.id))).toHaveLength(1);
    // The quantity cannot go below what was given.
    const refused = (await post({ intent: "list-update", id: kit.id, name: "Given kit", rule: "once", quantity: "0" })) as unknown as {
      data: { listForm: { error: Record<string, string[]> } };
    };
    expect(refused.data.listForm.error.quantity).toEqual(["This list has already given 1: the quantity cannot be less."]);
  });
});
