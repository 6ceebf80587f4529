import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import {
  findTicketBySavedTicketToken,
  SAVED_TICKET_TTL_MS,
  signSavedTicketToken,
  verifySavedTicketToken,
} from "./saved-ticket-token.server";
import { signDoorCode, signSelfServiceToken, signToken } from "./ticket-token.server";

// The registration's answer's "Save ticket": a credential of its own that fetches the ticket's
// image and nothing else, and lapses; no other credential passes for it, and it passes for none.

const SECRET = "saved-ticket-secret-0123456789abcdef";
const TICKET = "ZYS-MWVZN1KD-8MGRT4";
const now = new Date("2026-11-23T10:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

describe("the 'Save ticket' token", () => {
  const token = signSavedTicketToken(TICKET, SECRET, now);

  it("names its ticket until it lapses", () => {
    expect(verifySavedTicketToken(token, SECRET, now)).toBe(TICKET);
    expect(verifySavedTicketToken(token, SECRET, later(SAVED_TICKET_TTL_MS - 1_000))).toBe(TICKET);
    expect(verifySavedTicketToken(token, SECRET, later(SAVED_TICKET_TTL_MS + 1_000))).toBeNull();
    expect(token.length).toBeLessThan(70);
  });

  it("is no other credential, and no other credential is it", async () => {
    const { verifyDoorCode, readSelfServiceToken } = await import("./ticket-token.server");
    expect(verifyDoorCode(token, SECRET)).toBeNull();
    expect(readSelfServiceToken(token, SECRET)).toBeNull();
    const id = "0b9f4c4e-3f7a-4d55-9a43-2b8d8f0f6a11";
    for (const other of [
      signDoorCode(TICKET, SECRET),
      signSelfServiceToken(id, SECRET),
      signToken("door", `${TICKET}~zzzzzz`, SECRET, /.*/),
    ]) {
      expect(verifySavedTicketToken(other, SECRET, now), other).toBeNull();
    }
  });

  it("refuses forgeries, another secret and hostile strings", () => {
    const [value, signature] = token.split(".");
    const extended = `${value?.replace(/~.*/, "~zzzzzz")}.${signature}`;
    for (const bad of [
      extended,
      token.slice(0, -1),
      `${token}x`,
      "",
      ".",
      "~",
      "<script>",
      "\u0000",
      "🙂".repeat(30),
      token.toLowerCase(),
      "x".repeat(500),
    ]) {
      expect(verifySavedTicketToken(bad, SECRET, now), bad).toBeNull();
    }
    expect(verifySavedTicketToken(token, `${SECRET}x`, now)).toBeNull();
    expect(() => signSavedTicketToken("zys~1", SECRET, now)).toThrow();
  });
});

describe.each(DATABASE_KINDS)("the ticket of a 'Save ticket' token, on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("is the active registration's, and none for a ticket gone or a token lapsed", async () => {
    const attendee = await createAttendee(database.db, { full_name: "Ƙasimu Ɗanladi" });
    const token = signSavedTicketToken(attendee.ticket_id, SECRET, now);
    expect(await findTicketBySavedTicketToken(database.db, token, SECRET, later(60_000))).toMatchObject({
      id: attendee.id,
      full_name: "Ƙasimu Ɗanladi",
      ticket_id: attendee.ticket_id,
    });
    expect(await findTicketBySavedTicketToken(database.db, token, SECRET, later(SAVED_TICKET_TTL_MS + 1_000))).toBeNull();
    const gone = signSavedTicketToken("ZYS-GONE-000000", SECRET, now);
    expect(await findTicketBySavedTicketToken(database.db, gone, SECRET, now)).toBeNull();
  });
});
