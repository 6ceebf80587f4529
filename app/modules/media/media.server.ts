import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { DbOrTx } from "~/db/client.server";
import { media } from "~/db/schema";

// Uploads are validated, re-encoded (metadata stripped, resized) and
// stored content-addressed in the database, served from our own URL with immutable caching.

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const ACCEPTED_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp"] as const;
/** Longest side kept on upload: plenty for a portrait or logo, far below a phone photo. */
const MAX_STORED_SIDE = 1600;
/** Widths a page may ask for (?w=); anything else is refused so the cache stays bounded. */
export const MEDIA_WIDTHS = [64, 96, 128, 160, 224, 240, 320, 480, 640, 960, 1280] as const;

export const UPLOAD_MESSAGES = {
  notImage: "Please select an image file",
  tooLarge: "Image size must be less than 5MB",
  wrongType: "Only JPEG, PNG, and WebP images are allowed",
  failed: "Failed to process image",
} as const;

class MediaError extends Error {}

export type StoredMedia = { id: string; url: string; width: number; height: number };

function mediaUrl(id: string): string {
  return `/media/${id}.webp`;
}

/** Validates an upload with the product's rules and messages, re-encodes it to WebP and stores it once. */
export async function storeImage(db: DbOrTx, file: { type: string; size: number; bytes: Buffer }): Promise<StoredMedia> {
  if (!file.type.startsWith("image/")) throw new MediaError(UPLOAD_MESSAGES.notImage);
  if (file.size > MAX_UPLOAD_BYTES) throw new MediaError(UPLOAD_MESSAGES.tooLarge);
  if (!(ACCEPTED_TYPES as readonly string[]).includes(file.type)) throw new MediaError(UPLOAD_MESSAGES.wrongType);
  let encoded: { data: Buffer; info: { width: number; height: number } };
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    encoded = await sharp(file.bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new MediaError(UPLOAD_MESSAGES.failed);
  }
  const id = createHash("sha256").update(encoded.data).digest("hex");
  await db
    .insert(media)
    .values({ id, content_type: "image/webp", width: encoded.info.width, height: encoded.info.height, bytes: encoded.data })
    .onConflictDoNothing();
  return { id, url: mediaUrl(id), width: encoded.info.width, height: encoded.info.height };
}

// Resized variants are small and requested again and again (every landing page view).
const variants = new Map<string, Buffer>();
const MAX_CACHED_VARIANTS = 500;

/** The stored image, or a WebP resized to one of MEDIA_WIDTHS; null when unknown. */
export async function readImage(db: DbOrTx, id: string, width?: number): Promise<Buffer | null> {
  if (!/^[0-9a-f]{64}$/.test(id)) return null;
  const key = `${id}:${width ?? 0}`;
  const cached = variants.get(key);
  if (cached) return cached;
  const [row] = await db.select({ bytes: media.bytes, width: media.width }).from(media).where(eq(media.id, id)).limit(1);
  if (!row) return null;
  const bytes = width && width < row.width ? await sharp(row.bytes).resize({ width }).webp({ quality: 80 }).toBuffer() : row.bytes;
  if (variants.size >= MAX_CACHED_VARIANTS) variants.delete(variants.keys().next().value as string);
  variants.set(key, bytes);
  return bytes;
}
