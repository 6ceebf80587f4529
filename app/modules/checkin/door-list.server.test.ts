import { randomBytes, randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendeeValues, createAttendee } from "~/db/factories";
import { attendees, cancelled_registrations, check_ins, event_settings, SETTINGS_ID } from "~/db/schema";
import { doorPublicKeys } from "~/modules/tickets/ticket-token.server";
import { doorList } from "./door-list.server";

const SECRET = "door-list-test-secret-0123456789";

describe.each(DATABASE_KINDS)("the door's offline list on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("lists the people by name with their check-in and door, the cancelled tickets, the keys, and when to delete it", async () => {
    const { db } = database;
    await db
      .update(event_settings)
      .set({ event_date: "2026-11-21", event_starts_at: "09:00:00", event_ends_at: "17:00:00" })
      .where(eq(event_settings.id, SETTINGS_ID));
    const zainab = await createAttendee(db, {
      full_name: "Zainab Last",
      organization: "",
      position: "",
      state: "Sokoto",
      local_government: "Wamako",
      phone: "+2348031234567",
    });
    const amina = await createAttendee(db, {
      full_name: "Amina First",
      organization: "Gusau Youth Forum",
      position: "Secretary",
      state: "Zamfara",
      local_government: "Gusau",
      phone: "08069876543",
    });
    await db.insert(check_ins).values({ attendee_id: amina.id, door: "Main gate", created_at: new Date("2026-11-21T08:02:00Z") });
    const gone = attendeeValues();
    await db.insert(cancelled_registrations).values({ ...gone, id: randomUUID(), registered_at: new Date() });
    const now = new Date("2026-11-21T07:00:00Z");

    const list = await doorList(db, SECRET, now);
    expect(list).toEqual({
      generatedAt: "2026-11-21T07:00:00.000Z",
      edition: 1,
      attendees: [
        [
          amina.ticket_id,
          "Amina First",
          "Gusau Youth Forum",
          "Zamfara",
          "2026-11-21T08:02:00.000Z",
          "Main gate",
          "Secretary",
          "Gusau",
          "543",
        ],
        [zainab.ticket_id, "Zainab Last", "", "Sokoto", null, null, "", "Wamako", "567"],
      ],
      eventDate: "2026-11-21",
      eventDateLabels: { en: "21 November 2026", ha: expect.stringMatching(/^21 Nuwamba,? 2026$/) },
      cancelled: [gone.ticket_id],
      // 17:00 in Lagos (16:00 UTC), then 12 hours.
      deleteAfter: "2026-11-22T04:00:00.000Z",
      keys: doorPublicKeys(SECRET),
      // No check-in lists yet (lists/door-giving-lists.server.test.ts has them).
      lists: [],
    });
    // Nothing else about a person: no e-mail, whole phone or row id (the phone's end tells two
    // of a name apart; the whole number would put everyone's phone on every door's phone).
    const text = JSON.stringify(list);
    for (const secret of [amina.email, "8069876543", "8031234567", amina.id]) expect(text).not.toContain(secret);
  });

  it("stays under 400 KB gzipped for 10,000 attendees", { timeout: 90_000 }, async () => {
    const { db } = database;
    const first = ["Aminu", "Hauwa", "Ɗanladi", "Zainab", "Ibrahim", "Fatima", "Musa", "Aisha", "Ƙasimu", "Bilkisu", "Usman", "Maryam"];
    const last = ["Bello", "Abubakar", "Sani", "Garba", "Yusuf", "Na'Allah", "Shehu", "Ɓello", "Lawal", "Umar", "Aliyu", "Danjuma"];
    const orgs = ["Gusau Youth Forum", "Zamfara State University", "", "Federal University Gusau", "Tsafe Women Cooperative", ""];
    const states = ["Zamfara", "Sokoto", "Kano", "Kaduna", "Katsina", "Kebbi", "Niger", "FCT"];
    const pick = <T>(list: T[]) => list[(randomBytes(1)[0] ?? 0) % list.length] as T;
    for (let batch = 0; batch < 10; batch++) {
      const rows = Array.from({ length: 1000 }, () =>
        attendeeValues({ full_name: `${pick(first)} ${pick(last)} ${pick(last)}`, organization: pick(orgs), state: pick(states) }),
      );
      const inserted = await db.insert(attendees).values(rows).returning({ id: attendees.id });
      // A third of them in already, at one of three doors.
      await db.insert(check_ins).values(
        inserted
          .filter((_, i) => i % 3 === 0)
          .map((a, i) => ({
            attendee_id: a.id,
            door: ["Main gate", "VIP entrance", ""][i % 3],
            created_at: new Date(Date.now() - i * 1000),
          })),
      );
    }
    const list = await doorList(db, SECRET);
    expect(list.attendees.length).toBeGreaterThanOrEqual(10_000);
    const gzipped = gzipSync(JSON.stringify(list)).length;
    expect(gzipped).toBeLessThan(400 * 1024);
  });
});
