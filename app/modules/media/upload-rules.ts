// The product's upload rules and texts, shared by the browser (ImageUpload checks a chosen file
// before anything is posted) and the server (storeImage checks them again, then decodes).

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The declared types accepted ("image/jpg" is what some browsers and tools send for JPEG). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp"] as const;

export const UPLOAD_MESSAGES = {
  notImage: "Please select an image file",
  tooLarge: "Image size must be less than 5MB",
  wrongType: "Only JPEG, PNG, and WebP images are allowed",
  failed: "Failed to process image",
  // The bytes are no picture at all (a document or a page renamed .jpg): choosing again is the fix.
  unreadable: "This file is not a picture. Please choose a JPEG, PNG or WebP photo.",
} as const;

export const UPLOAD_HINT = "JPEG, PNG, WebP up to 5MB";

/**
 * The share image's size (the picture a shared link shows): what WhatsApp, Facebook, X and
 * Telegram all show whole (1.91 : 1). The organisers' own upload is cropped to it.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The message for a file the rules refuse by its declared type and size, or null when it may be sent. */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return UPLOAD_MESSAGES.notImage;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return checkImageType(file);
}

/** The message for a file refused by its declared type alone (before a large photo is shrunk), or null. */
export function checkImageType(file: { type: string }): string | null {
  if (!file.type.startsWith("image/")) return UPLOAD_MESSAGES.notImage;
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.wrongType;
  return null;
}
