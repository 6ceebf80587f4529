import { ACCEPTED_IMAGE_TYPES } from "./upload-rules";

// A photo straight from a phone is 8–15 MB at 4000 px and more, while the site keeps at most
// 1600 px (a WebP of some kilobytes): the upload field shrinks it in the browser before it is
// sent, so the 5 MB rule (upload-rules.ts) applies to what is sent, and a slow connection
// carries a tenth of the bytes. Without JavaScript the rule applies to the file as chosen.

/** The longest side sent: above the 1600 px the server keeps, so its own resize still chooses the detail. */
export const SHRINK_MAX_SIDE = 2000;
/** JPEG quality of a shrunk photo: no visible loss before the server re-encodes it. */
const JPEG_QUALITY = 0.86;
const WEBP_QUALITY = 0.9;

/**
 * The size to draw an image of `width` × `height` at so that its longest side is at most
 * `maxSide`, the proportions kept; null when it is already that small (it is sent as chosen).
 */
export function shrunkSize(width: number, height: number, maxSide = SHRINK_MAX_SIDE): { width: number; height: number } | null {
  if (!(width > 0 && height > 0) || Math.max(width, height) <= maxSide) return null;
  const scale = maxSide / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Megabytes as the upload rules count them (5 MB = 5 × 1024 × 1024 bytes), one decimal: "12.3 MB". */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What the field tells the organiser after shrinking a photo. */
export function shrinkNote(from: number, to: number): string {
  return `Shrunk from ${megabytes(from)} to ${megabytes(to)}`;
}

export type ShrunkImage = { file: File; from: number; to: number };

/**
 * The chosen image made at most SHRINK_MAX_SIDE px on its longest side, turned upright by its
 * EXIF orientation (the server drops EXIF, and with it the orientation): a JPEG, or for a PNG or
 * WebP with transparent pixels the smaller of WebP and PNG. Null when there is nothing to gain
 * (small enough already, not smaller once re-encoded) or the browser cannot decode it, so the
 * file is sent as chosen and the rules and the server judge it.
 */
export async function shrinkImage(file: File): Promise<ShrunkImage | null> {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) || typeof createImageBitmap !== "function") return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const size = shrunkSize(bitmap.width, bitmap.height);
    if (!size) return null;
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await encode(canvas, file.type !== "image/jpeg" && file.type !== "image/jpg" && hasTransparency(context, size));
    if (!blob || blob.size >= file.size) return null;
    const name = `${file.name.replace(/\.[^.]*$/, "") || "image"}.${EXTENSIONS[blob.type] ?? "jpg"}`;
    return { file: new File([blob], name, { type: blob.type, lastModified: file.lastModified }), from: file.size, to: blob.size };
  } finally {
    bitmap.close();
  }
}

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

async function encode(canvas: HTMLCanvasElement, transparent: boolean): Promise<Blob | null> {
  if (!transparent) return toBlob(canvas, "image/jpeg", JPEG_QUALITY);
  // A logo with a transparent background stays transparent. A browser that cannot write WebP
  // answers PNG for it (the canvas standard's fallback).
  const [webp, png] = await Promise.all([toBlob(canvas, "image/webp", WEBP_QUALITY), toBlob(canvas, "image/png")]);
  if (webp?.type === "image/webp" && (!png || webp.size < png.size)) return webp;
  return png;
}

function hasTransparency(context: CanvasRenderingContext2D, size: { width: number; height: number }): boolean {
  const { data } = context.getImageData(0, 0, size.width, size.height);
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return true;
  return false;
}
