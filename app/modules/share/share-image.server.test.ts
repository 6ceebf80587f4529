import { eq } from "drizzle-orm";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { media } from "~/db/schema";
import { storeImage } from "~/modules/media/media.server";
import { type EventSettings, getSettings, updateSettings } from "~/modules/settings/settings.server";
import {
  drawShareImage,
  MAX_SHARE_IMAGE_BYTES,
  parseShareImageName,
  shareImageBytes,
  shareImagePath,
  shareImageSpec,
  warmShareImages,
} from "./share-image.server";
import { type ShareImageTexts, shareImageSvg } from "./share-image-layout.server";

// The picture a shared link shows: 1200 × 630, PNG, under WhatsApp's 300 KB, in the page's
// language with Hausa letters drawn from the bundled font, whatever the organisers typed; an
// address that changes with what it shows, and the bytes made once.

const SITE = "https://summit.example.org";
const HAUSA: ShareImageTexts = {
  eventName: "Taron Matasan Zamfara: Ƙarfafa Ɗabi'u, Ɓullo da Ƴanci",
  date: "Talata 12 Agusta, 2025",
  time: "8:00 AM - 5:00 PM",
  venue: "Zauren Taro na Ƙaramar Hukumar Gusau",
  organiser: "Gwamnatin Jihar Zamfara, ofishin matasa",
  free: "Rajista kyauta",
  host: "summit.example.org",
};

async function solidImage(width: number, height: number, colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1];
}

describe("drawShareImage", () => {
  it("is a 1200 × 630 PNG under 300 KB, with a logo and without", async () => {
    const logo = await solidImage(600, 300, { r: 200, g: 30, b: 30 });
    for (const withLogo of [null, logo]) {
      const png = await drawShareImage(HAUSA, withLogo);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
      expect(png.length).toBeLessThanOrEqual(MAX_SHARE_IMAGE_BYTES);
      expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    }
    // The logo sits on the right, in its own colour.
    expect(await pixel(await drawShareImage(HAUSA, logo), 978, 315)).toEqual([200, 30, 30]);
  });

  it("draws the Hausa letters from the bundled font, not the server's fonts", () => {
    const { svg, missing } = shareImageSvg(HAUSA);
    expect(missing).toEqual([]);
    expect(svg).not.toContain("<text");
    // The hooked letters are drawn as themselves: the same words without them are another picture.
    const plain = shareImageSvg({ ...HAUSA, eventName: "Taron Matasan Zamfara: Karfafa Dabi'u, Bullo da Yanci" }).svg;
    expect(plain).not.toBe(svg);
  });

  it("gives the same bytes for the same words and other bytes for other words", async () => {
    const [first, again, other] = await Promise.all([
      drawShareImage(HAUSA, null),
      drawShareImage(HAUSA, null),
      drawShareImage({ ...HAUSA, venue: "Gidan Gwamnati, Gusau" }, null),
    ]);
    expect(again.equals(first)).toBe(true);
    expect(other.equals(first)).toBe(false);
  });

  it("draws whatever the organisers typed, leaving out what the font cannot draw", async () => {
    const nasty: ShareImageTexts = {
      ...HAUSA,
      eventName: '</svg><script>alert(1)</script> "Summit" & \u0000\u0007\u001b[31m \uD800 e\u0301\u0301 🎉 李 \u202Eevil\u202C',
      venue: `${"Ƙ".repeat(400)} ${"W".repeat(300)}`,
      organiser: "\r\n\t",
    };
    const { svg, missing } = shareImageSvg(nasty);
    expect(missing).toEqual(expect.arrayContaining(["🎉", "李"]));
    expect(svg).not.toMatch(/<script|<\/svg>.*<svg/);
    const png = await drawShareImage(nasty, null);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, png.length <= MAX_SHARE_IMAGE_BYTES]).toEqual([1200, 630, true]);
    // Random hostile text: the drawing is always a well-formed picture of the right size.
    fc.assert(
      fc.property(hostileString, hostileString, (name, venue) => {
        const drawn = shareImageSvg({ ...HAUSA, eventName: name, venue, organiser: venue });
        expect(drawn.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"')).toBe(true);
        expect(drawn.svg.match(/<svg/g)).toHaveLength(1);
        expect(drawn.svg).not.toMatch(/<(script|text|foreignObject|image)\b/);
      }),
      { numRuns: 60 },
    );
  });
});

describe("the share image's address", () => {
  let database: DbConnection;
  let settings: EventSettings;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    settings = await getSettings(database.db);
  });
  afterAll(async () => database?.close());

  it("names the language and a hash of what is drawn", () => {
    const spec = shareImageSpec(settings, "ha", SITE);
    expect(shareImagePath(spec)).toMatch(/^\/share\/ha-[0-9a-f]{16}\.png$/);
    expect(parseShareImageName(shareImagePath(spec).slice("/share/".length))).toEqual({ language: "ha", key: spec.key, format: "png" });
    for (const bad of ["ha-0123.png", "xx-0123456789abcdef.gif", "../en-0123456789abcdef.png", "en-0123456789ABCDEF.png"]) {
      expect(parseShareImageName(bad), bad).toBeNull();
    }
  });

  it("changes when what it shows changes, and only then", () => {
    const key = (changes: Partial<EventSettings>, language: "en" | "ha" = "en") =>
      shareImageSpec({ ...settings, ...changes }, language, SITE).key;
    const base = key({});
    expect(key({})).toBe(base);
    for (const changes of [
      { event_name: "Another Summit" },
      { event_date: "2026-01-02" },
      { event_starts_at: "09:00:00" },
      { event_ends_at: "13:00:00" },
      { venue: "Another Hall" },
      { organiser_name: "Another Office" },
      { logo_url: `/media/${"b".repeat(64)}.webp` },
      { share_image_url: `/media/${"c".repeat(64)}.webp` },
    ]) {
      expect(key(changes), JSON.stringify(changes)).not.toBe(base);
    }
    // What the picture does not show leaves it as it is.
    expect(key({ contact_email: "new@example.org", max_attendees: 42, registered_count: 7, about: "Other words." })).toBe(base);
    // A Hausa venue changes the Hausa picture only.
    const translations = { ha: { venue: "Zauren Taro" } };
    expect(key({ translations })).toBe(base);
    expect(key({ translations }, "ha")).not.toBe(key({}, "ha"));
    // Another site address is written on the picture.
    expect(shareImageSpec(settings, "en", "https://other.example.org").key).not.toBe(base);
    // A logo elsewhere on the web is never fetched: it draws nothing and changes nothing.
    expect(key({ logo_url: "https://example.org/logo.png" })).toBe(base);
  });
});

describe("shareImageBytes", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.close());

  it("draws the stored logo once, then answers from memory", async () => {
    const { db } = database;
    const logo = await storeImage(db, { type: "image/png", size: 1, bytes: await solidImage(400, 400, { r: 30, g: 60, b: 200 }) });
    const settings = await updateSettings(db, { logo_url: logo.url, event_name: `Cache test ${Date.now()}` });
    const spec = shareImageSpec(settings, "en", SITE);
    const [first, same] = await Promise.all([shareImageBytes(db, spec), shareImageBytes(db, spec)]);
    expect(same).toBe(first);
    expect(await shareImageBytes(db, spec)).toBe(first);
    const [r, g, b] = await pixel(first, 978, 315);
    // WebP keeps the logo's colour within a shade.
    expect(Math.abs((r ?? 0) - 30) + Math.abs((g ?? 0) - 60) + Math.abs((b ?? 0) - 200)).toBeLessThan(12);
  });

  it("warms both languages' pictures into memory, so the first crawler is answered at once", async () => {
    const { db } = database;
    const logo = await storeImage(db, { type: "image/png", size: 1, bytes: await solidImage(400, 400, { r: 200, g: 40, b: 40 }) });
    const settings = await updateSettings(db, { logo_url: logo.url, event_name: `Warm test ${Date.now()}` });
    await warmShareImages(db, SITE);
    // The logo gone from storage: a picture drawn now would lack it; the warmed ones have it.
    await db.delete(media).where(eq(media.id, logo.id));
    for (const language of ["en", "ha"] as const) {
      const bytes = await shareImageBytes(db, shareImageSpec(settings, language, SITE));
      const [r, g, b] = await pixel(bytes, 978, 315);
      expect(Math.abs((r ?? 0) - 200) + Math.abs((g ?? 0) - 40) + Math.abs((b ?? 0) - 40)).toBeLessThan(12);
    }
  });
});
