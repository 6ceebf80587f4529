import { randomUUID } from "node:crypto";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { check_in_conflicts, check_ins } from "~/db/schema";
import { doorsOverview } from "./doors-overview.server";
import { DoorsPanel } from "./doors-panel";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe.each(DATABASE_KINDS)("Event Operations' Doors panel on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("says so when nobody is checked in and no ticket was let in twice", async () => {
    const doors = await doorsOverview(database.db);
    expect(doors).toEqual({ doors: [], conflicts: { total: 0, rows: [] } });
    const t = text(renderToString(<DoorsPanel doors={doors} />));
    expect(t).toContain("Doors No check-ins yet.");
    expect(t).toContain("Conflicts No conflicts: no ticket was admitted at two doors.");
  });

  it("counts check-ins per door (the unnamed door last, by name) and tells each conflict in one line, latest first", async () => {
    const { db } = database;
    const people = await Promise.all([1, 2, 3, 4, 5].map((i) => createAttendee(db, { full_name: `Door Person ${i}` })));
    const [a, b, c, d, e] = people.map((p) => p.id) as [string, string, string, string, string];
    const at = (clock: string) => new Date(`2026-11-21T${clock}:00+01:00`);
    await db.insert(check_ins).values([
      { attendee_id: a, door: "Main gate", created_at: at("09:02") },
      { attendee_id: b, door: "Main gate", created_at: at("09:10") },
      { attendee_id: c, door: "VIP entrance", created_at: at("09:20") },
      { attendee_id: d, door: "", created_at: at("09:30") },
      { attendee_id: e, door: "", created_at: at("09:31") },
    ]);
    const conflict = (attendee_id: string, door: string, clock: string) => ({
      id: randomUUID(),
      attendee_id,
      door,
      checked_in_at: at(clock),
      method: "scan",
    });
    await db.insert(check_in_conflicts).values([conflict(a, "VIP entrance", "09:05"), conflict(d, "Main gate", "09:40")]);

    const doors = await doorsOverview(db);
    expect(doors.doors).toEqual([
      { door: "Main gate", label: "Main gate", count: 2 },
      { door: "VIP entrance", label: "VIP entrance", count: 1 },
      { door: "", label: "Unnamed door", count: 2 },
    ]);
    const [ticketA, ticketD] = [people[0]?.ticket_id, people[3]?.ticket_id];
    expect(doors.conflicts).toEqual({
      total: 2,
      rows: [
        { ticket_id: ticketD, full_name: "Door Person 4", line: `${ticketD} in at Unnamed door 09:30 and Main gate 09:40` },
        { ticket_id: ticketA, full_name: "Door Person 1", line: `${ticketA} in at Main gate 09:02 and VIP entrance 09:05` },
      ],
    });
    const t = text(renderToString(<DoorsPanel doors={doors} />));
    expect(t).toContain("Doors Main gate 2 VIP entrance 1 Unnamed door 2");
    expect(t).toContain(`Door Person 1 ${ticketA} in at Main gate 09:02 and VIP entrance 09:05`);
  });
});
