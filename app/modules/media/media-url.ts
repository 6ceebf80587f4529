// The address of an image at the width a page shows it. Our uploads are served resized
// (/media/<id>.webp?w=…) to a fixed set of widths, so the cache stays bounded; a width in
// between is rounded up to the next one. Other addresses (an http(s) image) are used as they are.

/** Widths a page may ask for (?w=); the server refuses any other. */
export const MEDIA_WIDTHS = [64, 96, 128, 160, 224, 240, 320, 480, 640, 960, 1280] as const;

export function mediaSrc(url: string, width: number): string {
  if (!url.startsWith("/media/")) return url;
  const w = MEDIA_WIDTHS.find((allowed) => allowed >= width) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1];
  return `${url}?w=${w}`;
}

/** `src` and a 1x/2x `srcSet` for an image shown `width` CSS pixels wide. */
export function mediaImage(url: string, width: number): { src: string; srcSet?: string } {
  if (!url.startsWith("/media/")) return { src: url };
  return { src: mediaSrc(url, width * 2), srcSet: `${mediaSrc(url, width)} 1x, ${mediaSrc(url, width * 2)} 2x` };
}
