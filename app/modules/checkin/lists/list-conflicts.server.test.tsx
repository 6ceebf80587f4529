import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { DOOR_NAME_MAX } from "~/db/door-name";
import { createAttendee } from "~/db/factories";
import { list_check_in_conflicts, list_check_ins } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { recordListFetch } from "../door-devices.server";
import { applyDoorCheckIns } from "../door-sync.server";
import { doorSyncAction } from "../door-sync-actions.server";
import { type DoorCheckIn, doorSyncSchema } from "../door-sync-schema";
import type { DoorSyncAnswer } from "../offline/door-list-types";
import { CheckInListsPanel } from "./check-in-lists-panel";
import { undoGive } from "./give.server";
import { createCheckInList } from "./lists.server";
import { type CheckInListsOverview, checkInListsOverview } from "./lists-overview.server";

// Event Operations' view of the people given one thing twice by doors that were offline, and
// door names as a phone may send them.

const SECRET = "list-conflicts-test-secret-0123456789";
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
// The panel as the route renders it: its forms need a data router.
function Page() {
  const overview = useLoaderData() as CheckInListsOverview;
  return <CheckInListsPanel overview={overview} lastResult={undefined} action="/admin/operations" />;
}
const Stub = createRoutesStub([{ id: "operations", path: "/admin/operations", Component: Page }]);
const render = (overview: CheckInListsOverview) =>
  text(renderToString(<Stub initialEntries={["/admin/operations"]} hydrationData={{ loaderData: { operations: overview } }} />));

describe.each(DATABASE_KINDS)("second gives on Event Operations on %s", (kind) => {
  let database: DbConnection;
  let staff: { id: string; email: string; name: string };
  const url = new URL("http://localhost/admin/operations");
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    staff = await createAdmin(database.db, {
      email: `twice-${kind}@example.org`,
      name: "Twice",
      password: "x".repeat(12),
      role: "checkin",
    });
  });
  afterAll(async () => database?.close());

  const phone = async () => {
    const device = randomUUID();
    await recordListFetch(database.db, staff.id, device, new Date("2026-11-01T00:00:00Z"));
    return device;
  };
  const give = (list: string, ticketId: string, at: string): DoorCheckIn => ({
    id: randomUUID(),
    ticket: ticketId,
    method: "ticket-id",
    at,
    list,
  });
  const sync = async (door: string, items: DoorCheckIn[], now: Date) =>
    (await applyDoorCheckIns(database.db, staff, { door, device: await phone() }, items, SECRET, now)).map((r) => r.status);

  it("counts per list the people given twice and lists the latest with both doors and times; an undone give's no more", async () => {
    const { db } = database;
    const kit = await createCheckInList(db, staff, {
      name: "Kit",
      translations: {},
      rule: "once",
      requires_entrance: false,
      quantity: null,
    });
    await createCheckInList(db, staff, { name: "Quiet", translations: {}, rule: "any", requires_entrance: false, quantity: null });
    const [musa, aisha] = await Promise.all([
      createAttendee(db, { full_name: "Musa Twice" }),
      createAttendee(db, { full_name: "Aisha Twice" }),
    ]);
    const day2 = new Date("2026-11-22T12:00:00Z");
    expect(await sync("Main gate", [give(kit.id, musa.ticket_id, "2026-11-22T08:02:00Z")], day2)).toEqual(["applied"]);
    expect(await sync("", [give(kit.id, musa.ticket_id, "2026-11-22T08:05:00Z")], day2)).toEqual(["conflict"]);
    // Day one at one door, day two at another: the dates tell them apart.
    expect(await sync("Hall A", [give(kit.id, aisha.ticket_id, "2026-11-21T15:00:00Z")], day2)).toEqual(["applied"]);
    expect(await sync("Hall B", [give(kit.id, aisha.ticket_id, "2026-11-22T09:30:00Z")], day2)).toEqual(["conflict"]);

    const overview = await checkInListsOverview(db, url, day2);
    expect(overview.lists.map((l) => [l.name, l.given, l.givenTwice])).toEqual([
      ["Kit", 2, 2],
      ["Quiet", 0, 0],
    ]);
    expect(overview.givenTwice).toEqual({
      total: 2,
      rows: [
        {
          id: expect.any(String),
          full_name: "Aisha Twice",
          line: `${aisha.ticket_id} given Kit at Hall A 2026-11-21 16:00 and Hall B 2026-11-22 10:30`,
        },
        { id: expect.any(String), full_name: "Musa Twice", line: `${musa.ticket_id} given Kit at Main gate 09:02 and Unnamed door 09:05` },
      ],
    });
    const panel = render(overview);
    expect(panel).toContain("Given twice 2");
    expect(panel).toContain(`Given twice by offline doors Aisha Twice ${aisha.ticket_id} given Kit at Hall A`);
    expect(panel).toContain(`Musa Twice ${musa.ticket_id} given Kit at Main gate 09:02 and Unnamed door 09:05`);

    // Musa's kit taken back (the wrong person): his second give stays on record but is listed no more.
    expect(await undoGive(db, staff, kit, musa.id)).toEqual({ full_name: "Musa Twice" });
    expect(await db.select().from(list_check_in_conflicts).where(eq(list_check_in_conflicts.attendee_id, musa.id))).toHaveLength(1);
    const after = await checkInListsOverview(db, url, day2);
    expect(after.lists[0]?.givenTwice).toBe(1);
    expect(after.givenTwice.rows.map((r) => r.full_name)).toEqual(["Aisha Twice"]);
    expect(render({ ...after, givenTwice: { total: 0, rows: [] } })).not.toContain("Given twice by offline doors");
  });

  it("stores door names as the sync cleans them (NUL, a lone surrogate, Hausa letters, too long): a double scan is one door", async () => {
    const { db } = database;
    const water = await createCheckInList(db, staff, {
      name: "Ruwa",
      translations: {},
      rule: "once",
      requires_entrance: false,
      quantity: null,
    });
    const names = ["Ƙofa\u0000 ɗaya", "\ud800Hall ʼyan", "ƴaƴa ɓ\udfff", `  ${"ɗ".repeat(DOOR_NAME_MAX + 5)}  `, "\u202eGate\n"];
    const post = async (door: string, device: string, items: DoorCheckIn[]) => {
      const request = new Request("http://localhost/admin/check-in/sync", {
        method: "POST",
        body: JSON.stringify({ door, device, checkIns: items }),
      });
      const response = await doorSyncAction(db, staff, request, "en");
      expect(response.status).toBe(200);
      return ((await response.json()) as DoorSyncAnswer).results.map((r) => r.status);
    };
    for (const [i, name] of names.entries()) {
      const person = await createAttendee(db, { full_name: `Fuzz door ${i}` });
      const [first, second] = [randomUUID(), randomUUID()];
      const now = new Date().toISOString();
      expect(await post(name, first, [give(water.id.toUpperCase(), person.ticket_id, now)])).toEqual(["applied"]);
      // The same name typed again on the same phone: a double scan.
      expect(await post(name, first, [give(water.id, person.ticket_id, now)])).toEqual(["duplicate"]);
      expect(await post(name, second, [give(water.id, person.ticket_id, now)])).toEqual(["conflict"]);
      const stored = doorSyncSchema.parse({ door: name, checkIns: [] }).door;
      const [given] = await db.select().from(list_check_ins).where(eq(list_check_ins.attendee_id, person.id));
      const [conflict] = await db.select().from(list_check_in_conflicts).where(eq(list_check_in_conflicts.attendee_id, person.id));
      expect([given?.door, conflict?.door]).toEqual([stored, stored]);
      expect([...stored].length).toBeLessThanOrEqual(DOOR_NAME_MAX);
      expect(stored).not.toMatch(/\p{Cc}|\p{Cs}|\u202e/u);
    }
  });
});
