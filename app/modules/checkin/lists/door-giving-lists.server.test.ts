import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { check_ins } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import type { DoorAttendee } from "../checkin.server";
import { doorList } from "../door-list.server";
import { doorGivingLists } from "./door-giving-lists.server";
import { giveFromList } from "./give.server";
import { createCheckInList, setCheckInListArchived } from "./lists.server";
import type { CheckInListInput } from "./schemas";

// The check-in lists in the door's offline download: each rule's gives as the device needs them.

const SECRET = "door-giving-lists-secret-0123456789";

describe.each(DATABASE_KINDS)("the check-in lists a door downloads on %s", (kind) => {
  let database: DbConnection;
  let staff: { id: string; email: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    staff = await createAdmin(database.db, {
      email: `lists-${kind}@example.org`,
      name: "Ɗanladi",
      password: "x".repeat(12),
      role: "checkin",
    });
  });
  afterAll(async () => database?.close());

  const person = async (full_name: string): Promise<DoorAttendee> => {
    const a = await createAttendee(database.db, { full_name });
    return { id: a.id, full_name: a.full_name, organization: a.organization, position: a.position, state: a.state, ticket_id: a.ticket_id };
  };
  const make = (input: Partial<CheckInListInput> & { name: string }) =>
    createCheckInList(database.db, staff, { translations: {}, rule: "once", requires_entrance: false, quantity: null, ...input });
  const give = (listId: string, who: DoorAttendee, door: string, at: Date) =>
    giveFromList(database.db, staff, listId, who, "scan", "en", { door, at });

  it("names every give of a once list, a once-a-day list's of the day only, no any-number list's; not a list put away", async () => {
    const { db } = database;
    // Yesterday in Lagos until 23:00 UTC; the download is the next morning.
    const yesterday = new Date("2026-11-21T22:30:00Z");
    const today = new Date("2026-11-22T08:15:00Z");
    const now = new Date("2026-11-22T10:00:00Z");
    const kit = await make({
      name: "Conference kit",
      translations: { ha: { name: "Kayan taro" } },
      quantity: 200,
      requires_entrance: true,
    });
    const lunch = await make({ name: "Lunch", rule: "daily", quantity: 300 });
    const water = await make({ name: "Water", rule: "any" });
    const away = await make({ name: "Day 0 badge" });
    const [aisha, bello] = [await person("Aisha Ɓello"), await person("Bello Ƙasimu")];
    // The kit needs the entrance first.
    await db.insert(check_ins).values([{ attendee_id: aisha.id }, { attendee_id: bello.id }]);
    expect(await give(kit.id, aisha, "Main gate", yesterday)).toMatchObject({ status: "checked-in" });
    expect(await give(kit.id, bello, "", today)).toMatchObject({ status: "checked-in" });
    expect(await give(lunch.id, aisha, "Hall ɗ", yesterday)).toMatchObject({ status: "checked-in" });
    expect(await give(lunch.id, aisha, "Hall ɗ", today)).toMatchObject({ status: "checked-in" });
    for (let i = 0; i < 3; i++) await give(water.id, bello, "Bar", new Date(today.getTime() + i * 5 * 60_000));
    await give(away.id, aisha, "Main gate", today);
    await setCheckInListArchived(db, staff, away.id, true);

    const lists = await doorGivingLists(db, now);
    expect(lists).toEqual([
      {
        id: kit.id,
        names: { en: "Conference kit", ha: "Kayan taro" },
        rule: "once",
        requiresEntrance: true,
        quantity: 200,
        day: "2026-11-22",
        given: 2,
        gives: [
          [aisha.ticket_id, yesterday.toISOString(), "Main gate"],
          [bello.ticket_id, today.toISOString(), ""],
        ],
      },
      {
        id: lunch.id,
        names: { en: "Lunch" },
        rule: "daily",
        requiresEntrance: false,
        quantity: 300,
        day: "2026-11-22",
        // Today's only, as the day's quantity counts them: yesterday's plate is not in it.
        given: 1,
        gives: [[aisha.ticket_id, today.toISOString(), "Hall ɗ"]],
      },
      {
        id: water.id,
        names: { en: "Water" },
        rule: "any",
        requiresEntrance: false,
        quantity: null,
        day: "2026-11-22",
        given: 3,
        gives: [],
      },
    ]);
    // The door's download carries them.
    expect((await doorList(db, SECRET, now)).lists).toEqual(lists);
    // After Lagos midnight the once-a-day list starts again.
    const tomorrow = await doorGivingLists(db, new Date("2026-11-22T23:30:00Z"));
    expect(tomorrow.find((l) => l.id === lunch.id)).toMatchObject({ day: "2026-11-23", given: 0, gives: [] });
  });
});
