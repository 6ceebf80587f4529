// The share image's size: what WhatsApp, Facebook, X and Telegram all show whole (1.91 : 1).
// Client-safe: the settings form's upload is cropped to it too.
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
