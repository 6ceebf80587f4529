import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { readTicketId } from "~/modules/tickets/ticket-id";
import { ticketsOneAway } from "./checkin.server";
import { doorList } from "./door-list.server";
import { buildSnapshot, decideTicketId } from "./offline/offline-door";

// A ticket ID typed one character off offers the real one, online from the database
// (ticketsOneAway, SQL) and offline from the phone's list (offline-door.ts). The phone has no
// database, so the rule is written twice; this holds the two to the same answers, for IDs made
// to sit close to each other (shared time parts, shared random parts) and slips of one, two or
// three characters anywhere in them.

const SECRET = "ticket-slips-test-secret-0123456789";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const TIMES = ["MVNH9WG0", "MVNH9WG1", "MVNH9WH0", "MVNI9WG0"];
const RANDOMS = ["655ND8", "655ND9", "755ND8", "Q2W3E4", "Q2W3E5", "ABCDEF"];

describe("a slip in a typed ticket ID", () => {
  let database: DbConnection;
  const ids: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    // Every pairing of these parts: neighbours one character apart in the time, the random part or both.
    for (const time of TIMES) {
      for (const random of RANDOMS) {
        const ticketId = `ZYS-${time}-${random}`;
        await createAttendee(database.db, { ticket_id: ticketId, full_name: `Ƴar ʼAdua ${time} ${random}` });
        ids.push(ticketId);
      }
    }
  });
  afterAll(async () => database?.close());

  it("offers the same tickets on the phone as on the server", async () => {
    const snapshot = buildSnapshot(await doorList(database.db, SECRET));
    const slip = fc
      .record({
        base: fc.constantFrom(...ids),
        changes: fc.array(fc.record({ at: fc.nat(), to: fc.constantFrom(...ALPHABET) }), { minLength: 1, maxLength: 3 }),
      })
      .map(({ base, changes }) => {
        const chars = [...base];
        // Never the prefix or the hyphens: a typed ID is read from its letters and digits.
        const places = chars.flatMap((c, i) => (i >= 4 && c !== "-" ? [i] : []));
        for (const { at, to } of changes) chars[places[at % places.length] ?? 4] = to;
        return chars.join("");
      });
    let offered = 0;
    await fc.assert(
      fc.asyncProperty(slip, async (typed) => {
        const ticketId = readTicketId(typed);
        if (!ticketId || ids.includes(ticketId)) return;
        const online = await ticketsOneAway(database.db, ticketId);
        if (online.length > 0) offered++;
        const offline = decideTicketId(snapshot, typed).outcome;
        expect(offline.status).toBe("refused");
        expect(offline.status === "refused" ? (offline.suggestions ?? []) : null).toEqual(online);
      }),
      { numRuns: 300 },
    );
    // Most single slips have a ticket to offer, several of them two or three: not a test of empty lists.
    expect(offered).toBeGreaterThan(50);
  });
});
