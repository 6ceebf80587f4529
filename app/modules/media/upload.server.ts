import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { and, eq, inArray, lt, notExists, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { editions, event_settings, media, partners, speakers, special_guests } from "~/db/schema";
import { forgetImages, type ImageFit, MediaError, storeImage } from "./media.server";
import { checkImageFile, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./upload-rules";

// A content form with image fields posts multipart/form-data. readUploadForm reads it once,
// resolveImage turns one image field into the URL the entity keeps, and releaseImages /
// sweepOrphanMedia delete the stored images nothing refers to any more.

export type ImageFile = { type: string; size: number; bytes: Buffer };
export type UploadForm = { formData: FormData; images: Record<string, ImageFile | { error: string }> };

/** Beyond these a request is abuse, not a form: refused whole with 413. */
const MAX_REQUEST_BYTES = 25 * 1024 * 1024;
const MAX_FILES = 5;
/** Room for the multipart boundaries and part headers around MAX_REQUEST_BYTES of content. */
const MULTIPART_OVERHEAD = 64 * 1024;

function payloadTooLarge(): Response {
  return new Response("Payload Too Large", { status: 413 });
}

/**
 * Reads a form post (multipart or urlencoded): text fields into `formData`, each chosen file into
 * `images` under its field name. A file over MAX_UPLOAD_BYTES becomes `{ error }` for its field while
 * the other fields still arrive; a request over 25 MB or with more than 5 files throws a 413 Response.
 */
export async function readUploadForm(request: Request): Promise<UploadForm> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_REQUEST_BYTES + MULTIPART_OVERHEAD) throw payloadTooLarge();
  // No prototype: a field may be called anything, "constructor" and "__proto__" included.
  const images: UploadForm["images"] = Object.create(null);
  let formData: FormData;
  try {
    // The parser buffers one part at a time and stops the request once its parts pass maxTotalSize,
    // so memory stays near 25 MB however a request is cut up; the handler keeps only files within the rules.
    formData = await parseFormData(
      request,
      { maxFiles: MAX_FILES, maxFileSize: MAX_REQUEST_BYTES, maxTotalSize: MAX_REQUEST_BYTES },
      async (file) => {
        // No file chosen: browsers still send the field, empty and without a name.
        if (file.size === 0) return null;
        if (Object.hasOwn(images, file.fieldName)) return null;
        if (file.size > MAX_UPLOAD_BYTES) {
          images[file.fieldName] = { error: checkImageFile(file) ?? UPLOAD_MESSAGES.tooLarge };
          return null;
        }
        images[file.fieldName] = { type: file.type, size: file.size, bytes: Buffer.from(await file.arrayBuffer()) };
        return null;
      },
    );
  } catch (error) {
    if (
      error instanceof MaxFilesExceededError ||
      error instanceof MaxFileSizeExceededError ||
      error instanceof MaxTotalSizeExceededError ||
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError
    )
      throw payloadTooLarge();
    if (error instanceof FormDataParseError) throw new Response("Bad Request", { status: 400 });
    throw error;
  }
  return { formData, images };
}

/**
 * The URL an entity keeps for one image field: the newly stored upload, "" when the admin removed
 * the image, else the URL the form carried. `{ error }` (one of UPLOAD_MESSAGES) when the upload is refused.
 */
export async function resolveImage(
  db: DbOrTx,
  upload: UploadForm,
  names: { file: string; url: string; fit?: ImageFit },
): Promise<{ url: string } | { error: string }> {
  const image = upload.images[names.file];
  if (image && "error" in image) return { error: image.error };
  if (image) {
    try {
      return { url: (await storeImage(db, image, names.fit)).url };
    } catch (error) {
      if (error instanceof MediaError) return { error: error.message };
      throw error;
    }
  }
  if (upload.formData.get(`remove_${names.url}`) === "on") return { url: "" };
  return { url: String(upload.formData.get(names.url) ?? "") };
}

const OUR_MEDIA_URL = /^\/media\/([0-9a-f]{64})\.webp$/;

/** True for a media row that no content row shows: every column that holds an image URL, and the archived editions'. */
function unreferenced(db: DbOrTx): SQL {
  const url = sql`'/media/' || ${media.id} || '.webp'`;
  const one = { one: sql`1` };
  return and(
    notExists(db.select(one).from(speakers).where(eq(speakers.image_url, url))),
    notExists(db.select(one).from(special_guests).where(eq(special_guests.image_url, url))),
    notExists(db.select(one).from(partners).where(eq(partners.logo_url, url))),
    notExists(db.select(one).from(event_settings).where(eq(event_settings.logo_url, url))),
    notExists(db.select(one).from(event_settings).where(eq(event_settings.guest_of_honor_image_url, url))),
    notExists(db.select(one).from(event_settings).where(eq(event_settings.share_image_url, url))),
    notExists(db.select(one).from(event_settings).where(eq(event_settings.certificate_signature_url, url))),
    // What a past edition showed stays on /editions after the next edition empties its content.
    notExists(db.select(one).from(editions).where(sql`${url} = any(${editions.media_urls})`)),
  ) as SQL;
}

/**
 * Deletes the stored images behind these URLs that no content row refers to any more. Call it in the
 * transaction that replaced an entity's image or deleted the entity, after that write. Other URLs
 * (external addresses, "") are ignored.
 */
export async function releaseImages(db: DbOrTx, urls: readonly string[]): Promise<void> {
  const ids = [...new Set(urls.flatMap((url) => OUR_MEDIA_URL.exec(url)?.[1] ?? []))];
  if (ids.length === 0) return;
  const deleted = await db
    .delete(media)
    .where(and(inArray(media.id, ids), unreferenced(db)))
    .returning({ id: media.id });
  forgetImages(deleted.map((row) => row.id));
}

/**
 * Deletes the images stored before `olderThan` that nothing refers to: uploads of forms that were never
 * saved (another field was invalid, the admin left). Returns how many were deleted.
 */
export async function sweepOrphanMedia(db: DbOrTx, olderThan: Date): Promise<number> {
  const deleted = await db
    .delete(media)
    .where(and(lt(media.created_at, olderThan), unreferenced(db)))
    .returning({ id: media.id });
  forgetImages(deleted.map((row) => row.id));
  return deleted.length;
}
