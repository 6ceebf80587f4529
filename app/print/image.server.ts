import { createHash } from "node:crypto";
import sharp from "sharp";
import { logger } from "~/logger.server";
import type { ImageSize } from "./layout";

// The organisers' images as the printed documents draw them: the logo on the poster, the badges
// and the certificates, the signature on the certificates. Only our own uploads are read (an
// image elsewhere on the web is never fetched); the kit knows no domain, so the caller hands in
// how a stored image is read (media's readImage).

/** An image ready for pdfkit: a JPEG and its size in pixels, which gives its proportions. */
export type PrintImage = ImageSize & { data: Buffer };

/** Reads one of our stored images by its id, at least `width` pixels wide (as stored without one); null when unknown. */
export type ReadStoredImage = (id: string, width?: number) => Promise<Buffer | null>;

/** How one kind of image is printed. */
export type PrintImageUse = {
  /** What it is, for the log: "logo", "signature". */
  name: string;
  /** The stored copy read: at least this many pixels wide, or the file as stored. */
  readWidth?: number;
  /** The largest it is converted to, in pixels, its proportions kept. */
  maxSize: ImageSize;
};

/**
 * The logo of the poster and the badges: read and kept 960 pixels (a stored, cached width)
 * across, some 4 pixels a point for a logo printed 6 cm wide at the top of a poster, about
 * 290 dpi, more than a badge's small one needs.
 */
export const PRINT_LOGO: PrintImageUse = { name: "logo", readWidth: 960, maxSize: { width: 960, height: 960 } };

/** Our uploads' address: the hash of their content (media.server.ts). */
const OUR_MEDIA = /^\/media\/([0-9a-f]{64})\.webp$/;

/** The stored image's id when `url` is one of our uploads, else null (none, or an address elsewhere). */
export function ourUploadId(url: string): string | null {
  return OUR_MEDIA.exec(url)?.[1] ?? null;
}

/** The image at `url` ready to print, or null: none set, not one of ours, gone, or unreadable. */
export async function loadPrintImage(url: string, read: ReadStoredImage, use: PrintImageUse): Promise<PrintImage | null> {
  const id = ourUploadId(url);
  if (!id) return null;
  const file = await read(id, use.readWidth);
  return file ? printImage(file, use) : null;
}

/**
 * A few images at most (a logo or two at their sizes, a signature; the organisers change them
 * rarely); the oldest is forgotten first.
 */
const CACHE_SIZE = 6;
const images = new Map<string, Promise<PrintImage | null>>();

/**
 * Converted once per file and size: a poster is printed per source, the badges again after
 * every correction, a certificate per attendee. A file that cannot be read is remembered too,
 * so it is said once in the log, not once per document.
 */
function printImage(file: Buffer, use: PrintImageUse): Promise<PrintImage | null> {
  const key = `${use.maxSize.width}x${use.maxSize.height}:${createHash("sha256").update(file).digest("base64")}`;
  let image = images.get(key);
  if (!image) {
    image = convert(file, use);
    images.set(key, image);
    const oldest = images.keys().next().value;
    if (images.size > CACHE_SIZE && oldest !== undefined) images.delete(oldest);
  }
  return image;
}

/**
 * On white (the paper: a transparent signature or logo prints the same), as a JPEG, which
 * pdfkit embeds as it is: a PNG it reads byte by byte for every document (and one with
 * transparency it decodes, splits and compresses again), and a large photo would make every
 * document as large. Colour is kept at full resolution, so small lettering stays sharp; at
 * this resolution and quality JPEG's artefacts are below what a printer shows.
 */
async function convert(file: Buffer, use: PrintImageUse): Promise<PrintImage | null> {
  try {
    const { data, info } = await sharp(file)
      .rotate()
      .resize({ ...use.maxSize, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    // A broken file must not hold back the documents: they print without it.
    logger().warn({ err: error }, `printing without the ${use.name}: its file cannot be read as an image`);
    return null;
  }
}
