import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { MAX_UPLOAD_BYTES, readImage, storeImage, UPLOAD_MESSAGES } from "./media.server";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
    .png()
    .toBuffer();

describe.each(DATABASE_KINDS)("media on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("re-encodes to WebP without metadata, bounded in size, stored once by content", async () => {
    const bytes = await png(3000, 1500);
    const first = await storeImage(database.db, { type: "image/png", size: bytes.length, bytes });
    const again = await storeImage(database.db, { type: "image/png", size: bytes.length, bytes });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ width: 1600, height: 800, url: `/media/${first.id}.webp` });
    const stored = await readImage(database.db, first.id);
    const meta = await sharp(stored!).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    const small = await readImage(database.db, first.id, 320);
    expect((await sharp(small!).metadata()).width).toBe(320);
  });

  it("refuses with the spec's messages", async () => {
    const bytes = await png(10, 10);
    await expect(storeImage(database.db, { type: "text/plain", size: 10, bytes })).rejects.toThrow(UPLOAD_MESSAGES.notImage);
    await expect(storeImage(database.db, { type: "image/png", size: MAX_UPLOAD_BYTES + 1, bytes })).rejects.toThrow(
      UPLOAD_MESSAGES.tooLarge,
    );
    await expect(storeImage(database.db, { type: "image/gif", size: 10, bytes })).rejects.toThrow(UPLOAD_MESSAGES.wrongType);
    await expect(storeImage(database.db, { type: "image/png", size: 10, bytes: Buffer.from("not an image") })).rejects.toThrow(
      UPLOAD_MESSAGES.failed,
    );
  });

  it("answers null for unknown or malformed ids", async () => {
    expect(await readImage(database.db, "f".repeat(64))).toBeNull();
    expect(await readImage(database.db, "../etc/passwd")).toBeNull();
  });
});
