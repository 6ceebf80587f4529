import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees } from "~/db/schema";
import { cancelRegistrationById } from "./cancel.server";
import { selfServiceRegistration } from "./self-service.server";
import { signDoorCode, signSelfServiceToken } from "./ticket-token.server";
import { ticketPage } from "./tickets.server";

const SECRET = "self-service-secret-0123456789abcdef";

describe.each(DATABASE_KINDS)("a self-service link on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("opens its registration only while it is the link version the registration holds, cancelled or not", async () => {
    const { db } = database;
    const person = await createAttendee(db);
    const first = signSelfServiceToken(person.id, SECRET);
    expect(await selfServiceRegistration(db, first, SECRET)).toBe(person.id);
    expect(await ticketPage(db, first, SECRET)).toMatchObject({ state: "active" });

    // An organiser changed the address: the link sent to the old one stops, the new one opens.
    await db.update(attendees).set({ token_version: 1 }).where(eq(attendees.id, person.id));
    const second = signSelfServiceToken(person.id, SECRET, 1);
    expect(await selfServiceRegistration(db, first, SECRET)).toBeNull();
    expect(await ticketPage(db, first, SECRET)).toBeNull();
    expect(await selfServiceRegistration(db, second, SECRET)).toBe(person.id);
    expect(await selfServiceRegistration(db, signSelfServiceToken(person.id, SECRET, 2), SECRET)).toBeNull();

    // Cancelled, the version moves with the row: the old link still opens nothing.
    expect(await cancelRegistrationById(db, person.id)).toEqual({ status: "cancelled" });
    expect(await ticketPage(db, second, SECRET)).toMatchObject({ state: "cancelled" });
    expect(await ticketPage(db, first, SECRET)).toBeNull();

    // A door code, a forged token and a registration gone everywhere.
    expect(await selfServiceRegistration(db, signDoorCode(person.ticket_id, SECRET), SECRET)).toBeNull();
    expect(await selfServiceRegistration(db, `${person.id}.1AAAAAAAAAAAAAAAAAAAAAA`, SECRET)).toBeNull();
    const gone = crypto.randomUUID();
    expect(await selfServiceRegistration(db, signSelfServiceToken(gone, SECRET), SECRET)).toBe(gone);
  });
});
