import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { formatEventDate } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { cancelRegistration } from "~/modules/tickets/cancel.server";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { signDoorCode, signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { savedTicket } from "./saved-ticket.server";

// "Save ticket" answers the holder's own link only, as the ticket page does, in the page's language.

const SECRET = "s".repeat(64);
const description = async (png: Buffer) => (await sharp(png).metadata()).xmp?.toString() ?? "";

describe.each(DATABASE_KINDS)("savedTicket on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("draws the holder's ticket, named by its ticket ID, with the date in the language asked for", async () => {
    const row = await createAttendee(database.db, { full_name: "Ɗanladi Ƙasimu", ticket_id: generateTicketId() });
    const token = signSelfServiceToken(row.id, SECRET);
    const settings = await getSettings(database.db);
    for (const language of ["en", "ha"] as const) {
      const saved = await savedTicket(database.db, token, SECRET, language);
      expect(saved?.filename).toBe(`ticket-${row.ticket_id}.png`);
      const text = await description(saved?.png ?? Buffer.alloc(0));
      expect(text).toContain(`Ɗanladi Ƙasimu · ${row.ticket_id} · ${formatEventDate(settings.event_date, language)}`);
    }
    expect(formatEventDate(settings.event_date, "ha")).not.toBe(formatEventDate(settings.event_date, "en"));
  });

  it("gives nothing for the door code (the QR code), a forged token, or a cancelled registration", async () => {
    const row = await createAttendee(database.db, { ticket_id: generateTicketId() });
    const token = signSelfServiceToken(row.id, SECRET);
    expect(await savedTicket(database.db, signDoorCode(row.ticket_id, SECRET), SECRET, "en")).toBeNull();
    expect(await savedTicket(database.db, token, "t".repeat(64), "en")).toBeNull();
    expect((await cancelRegistration(database.db, token, SECRET)).status).toBe("cancelled");
    expect(await savedTicket(database.db, token, SECRET, "en")).toBeNull();
  });
});
