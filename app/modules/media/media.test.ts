import { randomInt } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { media } from "~/db/schema";
import { readImage, storeImage } from "./media.server";
import { MEDIA_WIDTHS } from "./media-url";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./upload-rules";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
    .png()
    .toBuffer();

/** A valid PNG of side × side black pixels (1 bit each): ~50 kB on disk, 400 megapixels decoded. */
function decompressionBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // each row: filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>');
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");

describe.each(DATABASE_KINDS)("media on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  const mediaRows = async () => (await database.db.select({ n: count() }).from(media))[0]?.n;

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

  it("strips EXIF, GPS position included", async () => {
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 1234/100", GPSMapDatum: "WGS-84-SECRET-PLACE" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(bytes).metadata()).exif?.includes("WGS-84-SECRET-PLACE")).toBe(true);
    const { id } = await storeImage(database.db, { type: "image/jpeg", size: bytes.length, bytes });
    const stored = (await readImage(database.db, id))!;
    expect(stored.includes("SECRET-PLACE")).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it("keeps the first frame of an animated WebP", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 32, height: 32, channels: 3, background } })
        .png()
        .toBuffer();
    const bytes = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } })
      .webp({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(bytes).metadata()).pages).toBe(2);
    const { id, width, height } = await storeImage(database.db, { type: "image/webp", size: bytes.length, bytes });
    expect([width, height]).toEqual([32, 32]);
    const stored = (await readImage(database.db, id))!;
    expect((await sharp(stored).metadata()).pages ?? 1).toBe(1);
    const { dominant } = await sharp(stored).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(60);
  });

  it("refuses with the spec's messages", async () => {
    const bytes = await png(10, 10);
    await expect(storeImage(database.db, { type: "text/plain", size: 10, bytes })).rejects.toThrow(UPLOAD_MESSAGES.notImage);
    await expect(storeImage(database.db, { type: "image/png", size: MAX_UPLOAD_BYTES + 1, bytes })).rejects.toThrow(
      UPLOAD_MESSAGES.tooLarge,
    );
    await expect(storeImage(database.db, { type: "image/gif", size: 10, bytes })).rejects.toThrow(UPLOAD_MESSAGES.wrongType);
    await expect(storeImage(database.db, { type: "image/png", size: 10, bytes: Buffer.from("not an image") })).rejects.toThrow(
      UPLOAD_MESSAGES.unreadable,
    );
  });

  it("judges by what the bytes decode as, and stores nothing it refuses", async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#f00" } })
      .gif()
      .toBuffer();
    const bomb = decompressionBomb(20_000);
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: "png", width: 20_000, height: 20_000 });
    const oversized = Buffer.alloc(6 * 1024 * 1024);
    const before = await mediaRows();
    const refusals: [{ type: string; bytes: Buffer }, string][] = [
      [{ type: "image/jpeg", bytes: HTML }, UPLOAD_MESSAGES.unreadable],
      [{ type: "image/svg+xml", bytes: SVG }, UPLOAD_MESSAGES.wrongType],
      [{ type: "image/jpeg", bytes: SVG }, UPLOAD_MESSAGES.wrongType],
      [{ type: "image/jpeg", bytes: gif }, UPLOAD_MESSAGES.wrongType],
      [{ type: "image/jpeg", bytes: oversized }, UPLOAD_MESSAGES.tooLarge],
      [{ type: "image/png", bytes: bomb }, UPLOAD_MESSAGES.failed],
    ];
    for (const [file, message] of refusals) {
      await expect(storeImage(database.db, { ...file, size: file.bytes.length }), `${file.type} ${message}`).rejects.toThrow(message);
    }
    // A size claimed smaller than the bytes does not get past the limit.
    await expect(storeImage(database.db, { type: "image/jpeg", size: 100, bytes: oversized })).rejects.toThrow(UPLOAD_MESSAGES.tooLarge);
    expect(await mediaRows()).toBe(before);
  });

  it("makes each resized copy once: two asking at once, a width in between, every width of every image in turn", async () => {
    // Images of their own (a colour no other test stores), so no copy is kept from before.
    const images = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const bytes = await sharp({
          create: { width: 1400, height: 700, channels: 3, background: { r: randomInt(256), g: randomInt(256), b: i } },
        })
          .png()
          .toBuffer();
        return storeImage(database.db, { type: "image/png", size: bytes.length, bytes });
      }),
    );
    const id = images[0]?.id ?? "";
    // Not made yet, asked for twice at once: made once, the same bytes handed to both.
    const [first, second] = await Promise.all([readImage(database.db, id, 480), readImage(database.db, id, 480)]);
    expect(first).not.toBeNull();
    expect(second).toBe(first);
    // A width the site does not serve is the served one above it, never a copy of its own.
    expect(await readImage(database.db, id, 470)).toBe(first);
    // Every served width of every image, asked for in turn, twice: the second round makes nothing.
    const round = () => Promise.all(images.flatMap((image) => MEDIA_WIDTHS.map((width) => readImage(database.db, image.id, width))));
    const made = await round();
    const again = await round();
    for (const [i, bytes] of again.entries()) expect(bytes).toBe(made[i]);
    expect((await sharp(made[0] ?? Buffer.alloc(0)).metadata()).width).toBe(MEDIA_WIDTHS[0]);
  });

  it("answers null for unknown or malformed ids", async () => {
    expect(await readImage(database.db, "f".repeat(64))).toBeNull();
    expect(await readImage(database.db, "../etc/passwd")).toBeNull();
  });
});
