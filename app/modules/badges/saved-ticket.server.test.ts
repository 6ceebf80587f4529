import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { countedHits } from "#tests/support/rate-counts.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import { getConfig } from "~/config.server";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees } from "~/db/schema";
import { takeNetworkSlot } from "~/limits/network-limits.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { cancelRegistration } from "~/modules/tickets/cancel.server";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { signDoorCode, signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { DRAWINGS_PER_NETWORK, PER_TICKET, savedTicket } from "./saved-ticket.server";

// "Save ticket" answers the holder's own link only, as the ticket page does, in the page's
// language; each picture is drawn once for its content, and asking is limited per ticket and
// drawing per network (docs/SECURITY.md, "Pictures drawn per person").

const SECRET = "s".repeat(64);
const description = async (png: Uint8Array) => (await sharp(png).metadata()).xmp?.toString() ?? "";
const HOME = "203.0.113.7";
const en = { language: "en", clientIp: HOME } as const;
/** The PNG of an answer that must be one. */
const pngOf = (saved: Awaited<ReturnType<typeof savedTicket>>) => {
  if (!saved || !("bytes" in saved)) throw new Error(`no picture: ${JSON.stringify(saved)}`);
  return Buffer.from(saved.bytes);
};

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
      const saved = await savedTicket(database.db, token, SECRET, { language, clientIp: HOME });
      expect(saved && "filename" in saved && saved.filename).toBe(`ticket-${row.ticket_id}.png`);
      const text = await description(pngOf(saved));
      expect(text).toContain(`Ɗanladi Ƙasimu · ${row.ticket_id} · ${formatEventDate(settings.event_date, language)}`);
    }
    expect(formatEventDate(settings.event_date, "ha")).not.toBe(formatEventDate(settings.event_date, "en"));
  });

  it("gives nothing for the door code (the QR code), a forged token, or a cancelled registration", async () => {
    const row = await createAttendee(database.db, { ticket_id: generateTicketId() });
    const token = signSelfServiceToken(row.id, SECRET);
    expect(await savedTicket(database.db, signDoorCode(row.ticket_id, SECRET), SECRET, en)).toBeNull();
    expect(await savedTicket(database.db, token, "t".repeat(64), en)).toBeNull();
    expect((await cancelRegistration(database.db, token, SECRET)).status).toBe("cancelled");
    expect(await savedTicket(database.db, token, SECRET, en)).toBeNull();
  });

  /** Drawings counted for `ip`'s own address in the current window (the network kit's key). */
  const drawingsFrom = (ip: string) => countedHits(database.db, `ticket-drawings:v4:${ip}`);

  it("draws twelve asked for at once only once, turns away at once those past a quarter of the lane, and draws a changed name anew", async () => {
    const from = "198.51.100.12";
    const row = await createAttendee(database.db, { full_name: "Hauwa Ɓello", ticket_id: generateTicketId() });
    const token = signSelfServiceToken(row.id, SECRET);
    const asked = { language: "en", clientIp: from } as const;
    const answers = await Promise.all(Array.from({ length: 12 }, () => savedTicket(database.db, token, SECRET, asked)));
    const drawn = answers.filter((answer) => answer && "bytes" in answer);
    const busy = answers.filter((answer) => answer && "status" in answer);
    // A quarter of the public lane (MAX_ACTIVE_REQUESTS, 8 by default: two) may wait for the drawing; the others hear "busy" at once.
    const mayWait = Math.max(1, Math.floor(getConfig().maxActiveRequests / 4));
    expect(drawn).toHaveLength(mayWait);
    expect(busy).toHaveLength(12 - mayWait);
    expect(busy[0]).toMatchObject({ status: 503, retryAfter: 5, message: expect.stringContaining("try again in a few seconds") });
    const first = pngOf(drawn[0] ?? null);
    for (const answer of drawn) expect(pngOf(answer).equals(first)).toBe(true);
    expect(await drawingsFrom(from)).toBe(1);
    // Asked again later: the same picture, not drawn again.
    expect(pngOf(await savedTicket(database.db, token, SECRET, asked)).equals(first)).toBe(true);
    expect(await drawingsFrom(from)).toBe(1);
    // Everything drawn is the picture's identity: another name is another picture.
    await database.db.update(attendees).set({ full_name: "Hauwa Ɓello Musa" }).where(eq(attendees.id, row.id));
    const other = pngOf(await savedTicket(database.db, token, SECRET, asked));
    expect(other.equals(first)).toBe(false);
    expect(await drawingsFrom(from)).toBe(2);
  });

  it(`answers a ticket's picture ${PER_TICKET} times in 10 minutes, then 429 in the holder's language; other tickets still`, async () => {
    const row = await createAttendee(database.db, { ticket_id: generateTicketId() });
    const token = signSelfServiceToken(row.id, SECRET);
    for (let i = 0; i < PER_TICKET; i++) pngOf(await savedTicket(database.db, token, SECRET, en));
    const refused = await savedTicket(database.db, token, SECRET, { language: "ha", clientIp: HOME });
    expect(refused).toMatchObject({ status: 429, message: expect.stringContaining("sake gwadawa") });
    expect(refused && "retryAfter" in refused && refused.retryAfter).toBeGreaterThan(0);
    // Refused again without a word to the database: the count stays where the refusal left it.
    const counted = () => countedHits(database.db, `ticket-picture:${row.id}`);
    const before = await counted();
    expect(await savedTicket(database.db, token, SECRET, en)).toMatchObject({ status: 429 });
    expect(await counted()).toBe(before);
    const neighbour = await createAttendee(database.db, { ticket_id: generateTicketId() });
    pngOf(await savedTicket(database.db, signSelfServiceToken(neighbour.id, SECRET), SECRET, en));
  });

  it(`draws ${DRAWINGS_PER_NETWORK} new pictures per network in 10 minutes; pictures already drawn and other networks still come`, async () => {
    // The drawings count in fixed windows of 10 minutes: all of this falls in one, however slowly a
    // busy machine runs it (real time crossed a window's end in CI once, and the count began afresh).
    const window = 10 * 60_000;
    vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / window) * window + window + 1_000 });
    onTestFinished(() => void vi.useRealTimers());
    const busy = "192.0.2.44";
    const saved = await createAttendee(database.db, { ticket_id: generateTicketId() });
    const savedToken = signSelfServiceToken(saved.id, SECRET);
    pngOf(await savedTicket(database.db, savedToken, SECRET, { language: "en", clientIp: busy }));
    // The network's other drawings of these 10 minutes, counted as the picture's own would be.
    for (let i = 1; i < DRAWINGS_PER_NETWORK; i++) {
      await takeNetworkSlot(database.db, busy, { name: "ticket-drawings", windowMs: 10 * 60_000, ceiling: DRAWINGS_PER_NETWORK });
    }
    const row = await createAttendee(database.db, { ticket_id: generateTicketId() });
    const token = signSelfServiceToken(row.id, SECRET);
    expect(await savedTicket(database.db, token, SECRET, { language: "en", clientIp: busy })).toMatchObject({ status: 429 });
    // Already drawn: served, whoever asks.
    pngOf(await savedTicket(database.db, savedToken, SECRET, { language: "en", clientIp: busy }));
    // Another network draws the refused one.
    pngOf(await savedTicket(database.db, token, SECRET, { language: "en", clientIp: "198.51.100.99" }));
  });
});
