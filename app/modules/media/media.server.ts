import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import type { DbOrTx } from "~/db/client.server";
import { media } from "~/db/schema";
import { servedWidth } from "./media-url";
import { checkImageFile, UPLOAD_MESSAGES } from "./upload-rules";

// Uploads are validated, re-encoded (metadata stripped, resized) and
// stored content-addressed in the database, served from our own URL with immutable caching.

/** Longest side kept on upload: plenty for a portrait or logo, far below a phone photo. */
const MAX_STORED_SIDE = 1600;
/**
 * Decoding refuses images with more pixels than this (64 MP, so a 50 MP phone photo passes):
 * a small file that decompresses to gigabytes (a "decompression bomb") is refused before
 * its pixels are decoded.
 */
const MAX_INPUT_PIXELS = 64_000_000;
/** What the bytes must decode as, whatever type the browser declared. */
const DECODED_FORMATS: readonly string[] = ["jpeg", "png", "webp"];

/** An upload refused with one of UPLOAD_MESSAGES, meant for the person who sent it. */
export class MediaError extends Error {}

export type StoredMedia = { id: string; url: string; width: number; height: number };

function mediaUrl(id: string): string {
  return `/media/${id}.webp`;
}

const MEDIA_URL = /^\/media\/([0-9a-f]{64})\.webp$/;

/**
 * The stored width and height of our images among these URLs, by URL (other addresses are left
 * out): a page gives each <img> its true proportions, so nothing moves when the image arrives.
 */
export async function imageSizes(db: DbOrTx, urls: readonly string[]): Promise<Map<string, { width: number; height: number }>> {
  const ids = [...new Set(urls.flatMap((url) => MEDIA_URL.exec(url)?.[1] ?? []))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: media.id, width: media.width, height: media.height }).from(media).where(inArray(media.id, ids));
  return new Map(rows.map((row) => [mediaUrl(row.id), { width: row.width, height: row.height }]));
}

/** An image's exact size on upload: cropped around its centre to fill it (the share image's 1200 × 630). */
export type ImageFit = { width: number; height: number };

/**
 * Validates an upload with the product's rules and messages, re-encodes it to WebP and stores it
 * once: within MAX_STORED_SIDE, or cropped to `fit` when given.
 */
export async function storeImage(db: DbOrTx, file: { type: string; size: number; bytes: Buffer }, fit?: ImageFit): Promise<StoredMedia> {
  // The declared type and size first (the same rules and messages as the browser's check)...
  const refused = checkImageFile({ type: file.type, size: Math.max(file.size, file.bytes.length) });
  if (refused) throw new MediaError(refused);
  // ...then what the bytes really are: a GIF, SVG or HTML file renamed to .jpg is refused here.
  let format: string | undefined;
  try {
    // metadata() reads the header only, and already applies the pixel limit.
    ({ format } = await sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch (error) {
    // Beyond the pixel limit it is still a picture, one too big to work on; anything else is none.
    throw new MediaError(/pixel limit/i.test(String(error)) ? UPLOAD_MESSAGES.failed : UPLOAD_MESSAGES.unreadable);
  }
  if (!format || !DECODED_FORMATS.includes(format)) throw new MediaError(UPLOAD_MESSAGES.wrongType);
  let encoded: { data: Buffer; info: { width: number; height: number } };
  try {
    // rotate() applies the EXIF orientation; all metadata (EXIF with GPS, XMP, IPTC) is then dropped,
    // as sharp keeps none unless asked. An animated WebP gives its first frame (sharp reads one page).
    encoded = await sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(
        fit
          ? { width: fit.width, height: fit.height, fit: "cover" }
          : { width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true },
      )
      // A picture cropped to be shown whole (and re-encoded once more for its use) keeps more detail.
      .webp({ quality: fit ? 90 : 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new MediaError(UPLOAD_MESSAGES.failed);
  }
  const id = createHash("sha256").update(encoded.data).digest("hex");
  // Uploading the same image again renews created_at, so the orphan sweep (sweepOrphanMedia) never
  // takes an old unreferenced row that a form being saved right now is about to reference again.
  await db
    .insert(media)
    .values({ id, content_type: "image/webp", width: encoded.info.width, height: encoded.info.height, bytes: encoded.data })
    .onConflictDoUpdate({ target: media.id, set: { created_at: sql`now()` } });
  return { id, url: mediaUrl(id), width: encoded.info.width, height: encoded.info.height };
}

// Resized copies are small and asked for again and again (every landing page view). Each is made
// once per process: kept by their bytes, enough for every served width of a few hundred images
// (a full set is some 300 KB), so asking for every width of every image in turn, over and over,
// finds them all kept instead of making each again (it cost 28 ms of CPU a request past the old
// 500-copy list). While a copy is being made, other requests for it wait for the same one
// (lru-cache's fetch), and a width is always one of MEDIA_WIDTHS, so no one can ask for more copies.
const VARIANT_CACHE_BYTES = 64 * 1024 * 1024;

const variants = new LRUCache<string, Buffer, { db: DbOrTx }>({
  maxSize: VARIANT_CACHE_BYTES,
  sizeCalculation: (bytes) => Math.max(1, bytes.length),
  fetchMethod: async (key, _stale, { context }) => {
    const [id = "", width = 0] = key.split(":");
    const [row] = await context.db.select({ bytes: media.bytes, width: media.width }).from(media).where(eq(media.id, id)).limit(1);
    if (!row) return undefined;
    const wanted = Number(width);
    return wanted && wanted < row.width ? sharp(row.bytes).resize({ width: wanted }).webp({ quality: 80 }).toBuffer() : row.bytes;
  },
});

/** The stored image, or a WebP resized to the served width (MEDIA_WIDTHS) at or above `width`; null when unknown. */
export async function readImage(db: DbOrTx, id: string, width?: number): Promise<Buffer | null> {
  if (!/^[0-9a-f]{64}$/.test(id)) return null;
  return (await variants.fetch(`${id}:${width ? servedWidth(width) : 0}`, { context: { db } })) ?? null;
}

/** Drops the cached variants of deleted images, so this process stops serving them at once. */
export function forgetImages(ids: readonly string[]): void {
  if (ids.length === 0) return;
  const gone = new Set(ids);
  for (const key of [...variants.keys()]) if (gone.has(key.slice(0, key.indexOf(":")))) variants.delete(key);
}
