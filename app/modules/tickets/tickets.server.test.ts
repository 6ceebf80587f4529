import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees } from "~/db/schema";
import { generateTicketId } from "./ticket-id";
import { signTicketToken } from "./ticket-token.server";
import { findTicketByToken } from "./tickets.server";

const SECRET = "t".repeat(64);

describe.each(DATABASE_KINDS)("findTicketByToken on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("returns only the holder's name and ticket ID for a valid token", async () => {
    const row = await createAttendee(database.db, { full_name: "Zainab Umar", ticket_id: generateTicketId() });
    const found = await findTicketByToken(database.db, signTicketToken(row.ticket_id, SECRET), SECRET);
    expect(found).toEqual({ full_name: "Zainab Umar", ticket_id: row.ticket_id });
  });

  it("works for ticket IDs in the test factory's format too", async () => {
    const row = await createAttendee(database.db);
    expect(await findTicketByToken(database.db, signTicketToken(row.ticket_id, SECRET), SECRET)).toMatchObject({
      ticket_id: row.ticket_id,
    });
  });

  it("returns null for a forged token, a wrong secret and garbage", async () => {
    const row = await createAttendee(database.db, { ticket_id: generateTicketId() });
    const token = signTicketToken(row.ticket_id, SECRET);
    expect(await findTicketByToken(database.db, `${row.ticket_id}.AAAAAAAAAAAAAAAAAAAAAA`, SECRET)).toBeNull();
    expect(await findTicketByToken(database.db, row.ticket_id, SECRET)).toBeNull();
    expect(await findTicketByToken(database.db, token, "u".repeat(64))).toBeNull();
    expect(await findTicketByToken(database.db, "'; drop table attendees; --", SECRET)).toBeNull();
  });

  it("returns null for a validly signed ticket that does not exist (deleted attendee)", async () => {
    const row = await createAttendee(database.db, { ticket_id: generateTicketId() });
    const token = signTicketToken(row.ticket_id, SECRET);
    await database.db.delete(attendees).where(eq(attendees.id, row.id));
    expect(await findTicketByToken(database.db, token, SECRET)).toBeNull();
    expect(await findTicketByToken(database.db, signTicketToken(generateTicketId(), SECRET), SECRET)).toBeNull();
  });
});
