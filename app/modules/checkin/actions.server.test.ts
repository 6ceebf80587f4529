import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { check_ins } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { lagosDate } from "~/ui/date-time";
import { checkInAction } from "./actions.server";
import { eventDateLabels } from "./early-door";

// The door's action before the event's day: it asks, lets no one in until the volunteer says
// yes, keeps that yes in a cookie for the event date, and does not ask again.

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

type Answer = { data: { outcome: { status: string } }; init: { headers?: Record<string, string> } | null };

describe("the door before the event's day", () => {
  let database: DbConnection;
  let actor: { id: string; email: string; name: string };
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    actor = await createAdmin(database.db, { email: "early@example.org", name: "Early door", password: "x".repeat(12), role: "checkin" });
  });
  afterAll(async () => database?.close());

  const context = (cookies: string | null) => ({ back: "/admin/check-in", language: "en" as const, cookies });

  it("asks first, checks in on yes with a cookie for the date, then no more questions; on the day it never asks", async () => {
    const { db } = database;
    const eventDate = lagosDate(new Date(Date.now() + 21 * 86_400_000));
    await updateSettings(db, { event_date: eventDate });
    const ʼyar = await createAttendee(db, { full_name: "Nafisa Ƴarʼadua" });
    const bello = await createAttendee(db, { full_name: "Abubakar Bello" });
    const checkedIn = async (id: string) => (await db.select().from(check_ins).where(eq(check_ins.attendee_id, id))).length;

    const asked = (await checkInAction(
      db,
      actor,
      form({ intent: "ticket", ticket_id: ʼyar.ticket_id }),
      context(null),
    )) as unknown as Answer;
    expect(asked.data.outcome).toEqual({
      status: "early",
      eventDate,
      dateLabels: eventDateLabels(eventDate),
      resubmit: [
        ["intent", "ticket"],
        ["ticket_id", ʼyar.ticket_id],
      ],
    });
    expect(await checkedIn(ʼyar.id)).toBe(0);

    const yes = (await checkInAction(
      db,
      actor,
      form({ intent: "ticket", ticket_id: ʼyar.ticket_id, early: eventDate }),
      context(null),
    )) as unknown as Answer;
    expect(yes.data.outcome.status).toBe("checked-in");
    expect(new Headers(yes.init?.headers).get("Set-Cookie")).toMatch(new RegExp(`^summit-door-early=${eventDate}; Path=/admin;`));
    expect(await checkedIn(ʼyar.id)).toBe(1);

    const next = (await checkInAction(
      db,
      actor,
      form({ intent: "attendee", id: bello.id }),
      context(`summit-door-early=${eventDate}`),
    )) as unknown as Answer;
    expect(next.data.outcome.status).toBe("checked-in");
    expect(new Headers(next.init?.headers).get("Set-Cookie")).toBeNull();

    // A yes given for another date (the event moved) asks again.
    await updateSettings(db, { event_date: lagosDate(new Date(Date.now() + 28 * 86_400_000)) });
    const moved = (await checkInAction(
      db,
      actor,
      form({ intent: "attendee", id: bello.id }),
      context(`summit-door-early=${eventDate}`),
    )) as unknown as Answer;
    expect(moved.data.outcome.status).toBe("early");

    await updateSettings(db, { event_date: lagosDate(new Date()) });
    const walkIn = await createAttendee(db, { full_name: "Ɓilkisu Ƙasimu" });
    const today = (await checkInAction(db, actor, form({ intent: "attendee", id: walkIn.id }), context(null))) as unknown as Answer;
    expect(today.data.outcome.status).toBe("checked-in");
  });
});
