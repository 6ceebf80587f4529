import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countedHits } from "#tests/support/rate-counts.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { certificates } from "~/db/schema";
import { takeNetworkSlot } from "~/limits/network-limits.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { signDoorCode, signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { newSerial } from "./certificate-code.server";
import { certificateDownload, DRAWINGS_PER_NETWORK, PER_LINK } from "./certificate-download.server";

// The ticket page's certificate (/tickets/<token>/certificate.pdf) is drawn per person on
// request, so it is kept by its content, limited per link and drawn per network as the saved
// ticket is (docs/SECURITY.md, "Pictures drawn per person").

const KEYS = { publicUrl: "https://summit.example.org", secret: "c".repeat(64) };
const HOME = "203.0.113.8";
const en = { language: "en", clientIp: HOME } as const;
const pdfOf = (download: Awaited<ReturnType<typeof certificateDownload>>) => {
  if (!download || !("bytes" in download)) throw new Error(`no certificate: ${JSON.stringify(download)}`);
  expect(download.type).toBe("application/pdf");
  return Buffer.from(download.bytes);
};

describe.each(DATABASE_KINDS)("certificateDownload on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A checked-in person's certificate, as Send Certificates issues it; their own link. */
  async function certified(fullName = "Ƙaura Ɗanjuma") {
    const { db } = database;
    const person = await createAttendee(db, { full_name: fullName });
    const settings = await getSettings(db);
    const [certificate] = await db
      .insert(certificates)
      .values({
        serial: newSerial(),
        edition_id: settings.edition_id,
        attendee_id: person.id,
        registration_id: person.id,
        full_name: fullName,
        event_name: settings.event_name,
        // Yesterday's event: its certificates verify (and download) for the weeks after it.
        event_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
        venue: settings.venue,
      })
      .returning();
    if (!certificate) throw new Error("no certificate row");
    return { person, certificate, token: signSelfServiceToken(person.id, KEYS.secret) };
  }

  /** Certificates drawn for `ip`'s own address in the current window (the network kit's key). */
  const drawingsFrom = (ip: string) => countedHits(database.db, `certificate-drawings:v4:${ip}`);

  it("downloads the holder's certificate, drawn once for its content; a corrected name or another signer is drawn anew", async () => {
    const from = "198.51.100.31";
    const { certificate, token } = await certified();
    const asked = { language: "en", clientIp: from } as const;
    const first = await certificateDownload(database.db, token, KEYS, asked);
    expect(first && "filename" in first && first.filename).toMatch(/-certificate-[0-9A-Z-]+\.pdf$/);
    const pdf = pdfOf(first);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Asked again, three at once: the same bytes, not drawn again.
    const again = await Promise.all([1, 2, 3].map(() => certificateDownload(database.db, token, KEYS, asked)));
    for (const answer of again) expect(pdfOf(answer).equals(pdf)).toBe(true);
    expect(await drawingsFrom(from)).toBe(1);
    // Everything drawn is its identity: the name as corrected, the signer as the organisers change it.
    await database.db.update(certificates).set({ full_name: "Ƙaura Ɗanjuma Bello" }).where(eq(certificates.id, certificate.id));
    expect(pdfOf(await certificateDownload(database.db, token, KEYS, asked)).equals(pdf)).toBe(false);
    expect(await drawingsFrom(from)).toBe(2);
    const signer = (await getSettings(database.db)).certificate_signer_name;
    await updateSettings(database.db, { certificate_signer_name: "Hon. Someone Else" });
    try {
      pdfOf(await certificateDownload(database.db, token, KEYS, asked));
      expect(await drawingsFrom(from)).toBe(3);
    } finally {
      await updateSettings(database.db, { certificate_signer_name: signer });
    }
  });

  it("gives nothing for a forged token, the door code, or someone without a certificate", async () => {
    const { person, token } = await certified();
    expect(await certificateDownload(database.db, token, { ...KEYS, secret: "d".repeat(64) }, en)).toBeNull();
    expect(await certificateDownload(database.db, signDoorCode(person.ticket_id, KEYS.secret), KEYS, en)).toBeNull();
    const without = await createAttendee(database.db);
    expect(await certificateDownload(database.db, signSelfServiceToken(without.id, KEYS.secret), KEYS, en)).toBeNull();
  });

  it(`answers a certificate ${PER_LINK} times in 10 minutes, then 429 in the person's language, then from memory; others still`, async () => {
    const { person, token } = await certified();
    for (let i = 0; i < PER_LINK; i++) pdfOf(await certificateDownload(database.db, token, KEYS, en));
    const refused = await certificateDownload(database.db, token, KEYS, { language: "ha", clientIp: HOME });
    expect(refused).toMatchObject({ status: 429, message: expect.stringContaining("sake gwadawa") });
    expect(refused && "retryAfter" in refused && refused.retryAfter).toBeGreaterThan(0);
    // Refused again without a word to the database: the count stays where the refusal left it.
    const counted = () => countedHits(database.db, `certificate-download:${person.id}`);
    const before = await counted();
    expect(await certificateDownload(database.db, token, KEYS, en)).toMatchObject({
      status: 429,
      message: expect.stringContaining("Please try again in a few minutes"),
    });
    expect(await counted()).toBe(before);
    pdfOf(await certificateDownload(database.db, (await certified("Hauwa Ɓello")).token, KEYS, en));
  });

  it(`draws ${DRAWINGS_PER_NETWORK} new certificates per network in 10 minutes; those already drawn and other networks still come`, async () => {
    const busy = "192.0.2.45";
    const kept = await certified("Musa Ɗanladi");
    pdfOf(await certificateDownload(database.db, kept.token, KEYS, { language: "en", clientIp: busy }));
    // The network's other drawings of these 10 minutes, counted as a certificate's own would be.
    for (let i = 1; i < DRAWINGS_PER_NETWORK; i++) {
      await takeNetworkSlot(database.db, busy, { name: "certificate-drawings", windowMs: 10 * 60_000, ceiling: DRAWINGS_PER_NETWORK });
    }
    const { token } = await certified("Zainab Ƙasimu");
    expect(await certificateDownload(database.db, token, KEYS, { language: "en", clientIp: busy })).toMatchObject({ status: 429 });
    pdfOf(await certificateDownload(database.db, kept.token, KEYS, { language: "en", clientIp: busy }));
    pdfOf(await certificateDownload(database.db, token, KEYS, { language: "en", clientIp: "198.51.100.98" }));
  });
});
