import { randomBytes, randomInt } from "node:crypto";
import sharp from "sharp";

// Image files for the upload tests, made at run time with sharp instead of committed binaries.
// Every call gives different bytes (random noise or a random colour), so an upload of one test
// is never deduplicated with another test's (uploads are stored once by the hash of the re-encoded image).

/** What Playwright's setInputFiles takes for a file made in memory. */
export type TestFile = { name: string; mimeType: string; buffer: Buffer };

/** Where the EXIF of phonePhoto() puts the camera: Gusau, 12°10′N 6°14′E. */
const PHONE_PHOTO_GPS = {
  GPSLatitudeRef: "N",
  GPSLatitude: "12/1 10/1 0/1",
  GPSLongitudeRef: "E",
  GPSLongitude: "6/1 14/1 0/1",
} as const;

/** A random colour for the flat images. */
function randomColour() {
  return { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
}

/** Blurred gaussian noise: fine detail a JPEG encoder cannot squeeze, like a real photo's. */
async function noise(width: number, height: number, sigma = 35): Promise<Buffer> {
  const raw = await sharp({
    create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma } },
  })
    .raw()
    .toBuffer();
  // libvips may seed its noise the same way every run: a random corner block makes each image unique.
  const stamp = randomBytes(48 * 48 * 3);
  for (let y = 0; y < 48; y++) stamp.copy(raw, y * width * 3, y * 48 * 3, (y + 1) * 48 * 3);
  return raw;
}

/**
 * A phone photo: a 4000×3000 JPEG of about 4 MB (under the 5 MB limit) whose EXIF carries a
 * GPS position (PHONE_PHOTO_GPS), as cameras write it.
 */
export async function phonePhoto(name = "IMG_2041.jpg"): Promise<TestFile> {
  const [width, height] = [4000, 3000];
  const buffer = await sharp(await noise(width, height), { raw: { width, height, channels: 3 } })
    .blur(1)
    .withExif({ IFD0: { Make: "Phone", Model: "Camera 12" }, IFD3: { ...PHONE_PHOTO_GPS } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/**
 * A photo as a recent phone takes it: a 4000×3000 JPEG of about 12.7 MB (over the 5 MB limit),
 * stored sideways with EXIF orientation 6, as a phone held upright writes it: it shows as a
 * 3000×4000 portrait.
 */
export async function bigPhonePhoto(name = "IMG_3107.jpg"): Promise<TestFile> {
  const [width, height] = [4000, 3000];
  const buffer = await sharp(await noise(width, height, 50), { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "Phone", Model: "Camera 50" }, IFD3: { ...PHONE_PHOTO_GPS } })
    .jpeg({ quality: 98 })
    .toBuffer();
  if (buffer.length <= 12 * 1024 * 1024) throw new Error(`bigPhonePhoto: only ${buffer.length} bytes`);
  return { name, mimeType: "image/jpeg", buffer };
}

/**
 * A large logo with a transparent background: a 3000×3000 PNG, transparent but for a
 * 1200 px square of noise in the middle (about 4 MB).
 */
export async function largeTransparentPng(name = "logo-large.png"): Promise<TestFile> {
  const square = await sharp(await noise(1200, 1200), { raw: { width: 1200, height: 1200, channels: 3 } })
    .png()
    .toBuffer();
  const buffer = await sharp({ create: { width: 3000, height: 3000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: square, left: 900, top: 900 }])
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A small PNG of one random colour. */
export async function smallPng(name = "logo.png", size = 240): Promise<TestFile> {
  const buffer = await sharp({ create: { width: size, height: size, channels: 3, background: randomColour() } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A small GIF (a format the rules refuse). */
export async function gifImage(name = "animation.gif"): Promise<TestFile> {
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: randomColour() } })
    .gif()
    .toBuffer();
  return { name, mimeType: "image/gif", buffer };
}

/** An SVG drawing with a script in it (a format the rules refuse). */
export function svgImage(name = "drawing.svg"): TestFile {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64" fill="#0a0"/></svg>`;
  return { name, mimeType: "image/svg+xml", buffer: Buffer.from(svg) };
}

/** An HTML page saved under a .jpg name: a browser declares it image/jpeg from the name. */
export function htmlAsJpeg(name = "photo.jpg"): TestFile {
  const html = `<!doctype html><html><body><script>alert(document.cookie)</script>${randomBytes(8).toString("hex")}</body></html>`;
  return { name, mimeType: "image/jpeg", buffer: Buffer.from(html) };
}

/** A real GIF under a .jpg name, declared image/jpeg as a browser would from the name. */
export async function gifAsJpeg(name = "photo.jpg"): Promise<TestFile> {
  return { ...(await gifImage(name)), mimeType: "image/jpeg" };
}

/** A plain text file. */
export function textFile(name = "notes.txt"): TestFile {
  return { name, mimeType: "text/plain", buffer: Buffer.from("Not an image at all.\n") };
}

/** A valid JPEG of about 6 MB: over the 5 MB limit. */
export async function oversizedJpeg(name = "huge.jpg"): Promise<TestFile> {
  // Unblurred noise at full quality hardly compresses: about 2.6 bytes per pixel.
  const [width, height] = [1650, 1300];
  const buffer = await sharp(await noise(width, height, 60), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
    .toBuffer();
  if (buffer.length <= 5.5 * 1024 * 1024) throw new Error(`oversizedJpeg: only ${buffer.length} bytes`);
  return { name, mimeType: "image/jpeg", buffer };
}
