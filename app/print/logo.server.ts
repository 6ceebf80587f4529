import { createHash } from "node:crypto";
import sharp from "sharp";
import { logger } from "~/logger.server";
import type { ImageSize } from "./layout";

// The organisers' logo (Event Settings' logo_url) as the printed documents draw it: the poster,
// the badges. Only our own uploads are read (a logo elsewhere on the web is never fetched); the
// kit knows no domain, so the caller hands in how a stored image is read (media's readImage).

/** A logo ready for pdfkit: a JPEG and its size in pixels, which gives its proportions. */
export type PrintLogo = ImageSize & { data: Buffer };

/** Reads one of our stored images by its id, at least `width` pixels wide; null when unknown. */
type ReadStoredImage = (id: string, width: number) => Promise<Buffer | null>;

/** Our uploads' address: the hash of their content (media.server.ts). */
const OUR_MEDIA = /^\/media\/([0-9a-f]{64})\.webp$/;

/**
 * 960 pixels (a stored, cached width) across: some 4 pixels a point for a logo printed 6 cm
 * wide at the top of a poster, about 290 dpi, more than a badge's small one needs.
 */
const READ_WIDTH = 960;
const MAX_SIDE = 960;

/** The logo at `logoUrl` ready to print, or null: none set, not one of ours, gone, or unreadable. */
export async function loadPrintLogo(logoUrl: string, read: ReadStoredImage): Promise<PrintLogo | null> {
  const id = OUR_MEDIA.exec(logoUrl)?.[1];
  if (!id) return null;
  const file = await read(id, READ_WIDTH);
  return file ? printLogo(file) : null;
}

/** A few logos at most (the organisers change theirs rarely); the oldest is forgotten first. */
const CACHE_SIZE = 4;
const logos = new Map<string, Promise<PrintLogo | null>>();

/** Converted once per file: a poster is printed per source, the badges again after every correction. */
function printLogo(file: Buffer): Promise<PrintLogo | null> {
  const key = createHash("sha256").update(file).digest("base64");
  let logo = logos.get(key);
  if (!logo) {
    logo = convert(file);
    logos.set(key, logo);
    const oldest = logos.keys().next().value;
    if (logos.size > CACHE_SIZE && oldest !== undefined) logos.delete(oldest);
  }
  return logo;
}

/**
 * On white (the paper), as a JPEG, which pdfkit embeds as it is: a PNG it decodes, splits and
 * compresses again, and its transparency would gain nothing on white paper. Colour is kept at
 * full resolution, so small lettering in a logo stays sharp.
 */
async function convert(file: Buffer): Promise<PrintLogo | null> {
  try {
    const { data, info } = await sharp(file)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    // A broken logo file must not hold back the poster or the badges: they print without it.
    logger().warn({ err: error }, "printing without the logo: its file cannot be read as an image");
    return null;
  }
}
