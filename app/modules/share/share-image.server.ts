import { createHash } from "node:crypto";
import sharp from "sharp";
import type { DbOrTx } from "~/db/client.server";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { readImage } from "~/modules/media/media.server";
import { SHARE_IMAGE_SIZE } from "~/modules/media/upload-rules";
import { formatEventHours } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { type EventSettings, getSettings } from "~/modules/settings/settings.server";
import { ourUploadId } from "~/print/image.server";
import { logoPlace, type ShareImageTexts, shareImageSvg } from "./share-image-layout.server";

// The share image's address and bytes. The address names the language and a hash of
// everything drawn (the texts, the logo, the organisers' own upload, the drawing's version),
// so it changes when the settings do and can be cached for good by crawlers and browsers.
// Each picture is made once per process on its first request and kept in memory: a link
// posted in a busy WhatsApp group brings many fetches of the same picture at once.

/** WhatsApp leaves out previews whose picture is larger than about 300 KB. */
export const MAX_SHARE_IMAGE_BYTES = 300_000;
/** Changed whenever the drawing changes, so every address changes with it. */
const DESIGN_VERSION = "1";

export type ShareImageFormat = "png" | "jpg";

export type ShareImageSpec = {
  language: Language;
  /** 16 hex digits of the hash of everything drawn */
  key: string;
  /** "png" when drawn from the settings, "jpg" for the organisers' photograph */
  format: ShareImageFormat;
  texts: ShareImageTexts;
  /** our stored logo's id, or null (no logo, or an address elsewhere that is never fetched) */
  logoId: string | null;
  /** the organisers' own share image's id, or null: drawn from the settings */
  uploadId: string | null;
};

/** What the share image in `language` shows and where it is, from the event settings. */
export function shareImageSpec(settings: EventSettings, language: Language, publicUrl: string): ShareImageSpec {
  const local = localizedSettings(settings, language);
  const t = translator(language);
  const texts: ShareImageTexts = {
    eventName: local.event_name,
    date: formatEventDate(local.event_date, language),
    time: formatEventHours(local),
    venue: local.venue,
    organiser: local.organiser_name,
    free: t("share.image.free"),
    host: new URL(publicUrl).host,
  };
  const uploadId = ourUploadId(settings.share_image_url);
  const logoId = uploadId ? null : ourUploadId(settings.logo_url);
  const key = createHash("sha256")
    .update(JSON.stringify([DESIGN_VERSION, language, texts, logoId, uploadId]))
    .digest("hex")
    .slice(0, 16);
  return { language, key, format: uploadId ? "jpg" : "png", texts, logoId, uploadId };
}

/** The picture's address on this site: `/share/ha-0123456789abcdef.png`. */
export function shareImagePath(spec: Pick<ShareImageSpec, "language" | "key" | "format">): string {
  return `/share/${spec.language}-${spec.key}.${spec.format}`;
}

export function shareImageType(format: ShareImageFormat): "image/png" | "image/jpeg" {
  return format === "png" ? "image/png" : "image/jpeg";
}

/** A share image's file name as the route receives it, or null when it is not one. */
export function parseShareImageName(name: string): { language: string; key: string; format: ShareImageFormat } | null {
  const match = /^([a-z]{2})-([0-9a-f]{16})\.(png|jpg)$/.exec(name);
  return match ? { language: match[1] as string, key: match[2] as string, format: match[3] as ShareImageFormat } : null;
}

// Two languages, and after a settings change the old pictures for a while: a handful is plenty.
const MAX_CACHED = 12;
const cache = new Map<string, Promise<Buffer>>();

/** The picture's bytes: made on first request (once, however many ask at the same moment), then from memory. */
export function shareImageBytes(db: DbOrTx, spec: ShareImageSpec): Promise<Buffer> {
  const id = `${spec.language}-${spec.key}.${spec.format}`;
  const cached = cache.get(id);
  if (cached) return cached;
  const made = makeShareImage(db, spec);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(id, made);
  // A failure (the database away for a moment) is tried again on the next request.
  made.catch(() => cache.delete(id));
  return made;
}

/**
 * Draws today's pictures, one per language, into the cache: run by the server soon after it
 * starts, so the first crawler to ask gets one at once. The first drawing in a process also
 * reads and parses the font (about 250 ms on 2 cores, against about 55 ms for any later one).
 */
export async function warmShareImages(db: DbOrTx, publicUrl: string): Promise<void> {
  const settings = await getSettings(db);
  for (const { code } of LANGUAGES) await shareImageBytes(db, shareImageSpec(settings, code, publicUrl));
}

async function makeShareImage(db: DbOrTx, spec: ShareImageSpec): Promise<Buffer> {
  const upload = spec.uploadId ? await readImage(db, spec.uploadId) : null;
  if (upload) return fittedPhoto(upload);
  const logo = spec.logoId ? await readImage(db, spec.logoId, 640) : null;
  return drawShareImage(spec.texts, logo);
}

/** The drawn picture: a PNG, whose flat greens and sharp letters it keeps small and crisp. */
export async function drawShareImage(texts: ShareImageTexts, logo: Buffer | null): Promise<Buffer> {
  const logoSize = logo ? await sharp(logo).metadata() : undefined;
  const place = logoPlace(logoSize?.width && logoSize.height ? { width: logoSize.width, height: logoSize.height } : undefined);
  const { svg } = shareImageSvg(texts, place);
  let image = sharp(Buffer.from(svg));
  if (logo && place) {
    const fitted = await sharp(logo).resize(place.width, place.height, { fit: "fill" }).png().toBuffer();
    image = image.composite([{ input: fitted, left: place.left, top: place.top }]);
  }
  // zlib level 6: a third of level 9's time for a tenth more bytes, far below the limit.
  const png = await image.png({ compressionLevel: 6 }).toBuffer();
  if (png.length <= MAX_SHARE_IMAGE_BYTES) return png;
  // A busy photographic logo: fewer colours, still a PNG.
  return sharp(png).png({ palette: true, colours: 256, compressionLevel: 9 }).toBuffer();
}

/**
 * The organisers' own picture, cropped to 1200 × 630 around its centre and saved as a JPEG
 * under the size WhatsApp shows: a photograph stays a photograph.
 */
async function fittedPhoto(bytes: Buffer): Promise<Buffer> {
  const pixels = await sharp(bytes)
    .resize(SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height, { fit: "cover" })
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({
      resolveWithObject: true,
    });
  let jpeg = Buffer.alloc(0);
  for (const quality of [84, 74, 62, 50, 38]) {
    jpeg = await sharp(pixels.data, { raw: pixels.info }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_SHARE_IMAGE_BYTES) break;
  }
  return jpeg;
}
