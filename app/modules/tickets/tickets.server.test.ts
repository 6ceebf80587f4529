import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees } from "~/db/schema";
import { generateTicketId } from "./ticket-id";
import { signDoorCode, signSelfServiceToken } from "./ticket-token.server";
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

  it("returns only the holder's id, name, ticket ID and language for their self-service token", async () => {
    const row = await createAttendee(database.db, { full_name: "Zainab Umar", ticket_id: generateTicketId() });
    const found = await findTicketByToken(database.db, signSelfServiceToken(row.id, SECRET), SECRET);
    expect(found).toEqual({ id: row.id, full_name: "Zainab Umar", ticket_id: row.ticket_id, language: "en" });
  });

  it("finds nothing with the ticket's door code (the QR code opens only the door)", async () => {
    const row = await createAttendee(database.db);
    expect(await findTicketByToken(database.db, signDoorCode(row.ticket_id, SECRET), SECRET)).toBeNull();
  });

  it("returns null for a forged token, a wrong secret and garbage", async () => {
    const row = await createAttendee(database.db, { ticket_id: generateTicketId() });
    const token = signSelfServiceToken(row.id, SECRET);
    expect(await findTicketByToken(database.db, `${row.id}.1AAAAAAAAAAAAAAAAAAAAAA`, SECRET)).toBeNull();
    expect(await findTicketByToken(database.db, row.id, SECRET)).toBeNull();
    expect(await findTicketByToken(database.db, token, "u".repeat(64))).toBeNull();
    expect(await findTicketByToken(database.db, "'; drop table attendees; --", SECRET)).toBeNull();
  });

  it("returns null for a validly signed ticket that does not exist (deleted attendee)", async () => {
    const row = await createAttendee(database.db, { ticket_id: generateTicketId() });
    const token = signSelfServiceToken(row.id, SECRET);
    await database.db.delete(attendees).where(eq(attendees.id, row.id));
    expect(await findTicketByToken(database.db, token, SECRET)).toBeNull();
  });
});
