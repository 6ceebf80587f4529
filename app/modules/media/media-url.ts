// The address of an image at the width a page shows it. Our uploads are served resized
// (/media/<id>.webp?w=…) to a fixed set of widths, so the cache stays bounded; a width in
// between is rounded up to the next one. Other addresses (an http(s) image) are used as they are.

/**
 * Widths a page may ask for (?w=); the server refuses any other. 200 and 288 are what a
 * 1.75× phone (the common Android density) needs for the 112 px and 160 px portraits
 * (Chromium takes the first copy at least as wide as it needs).
 */
export const MEDIA_WIDTHS = [64, 96, 128, 160, 200, 224, 240, 288, 320, 480, 640, 960, 1280] as const;

/** The served width for a copy at least `width` pixels wide: the next of MEDIA_WIDTHS, or the largest. */
export function servedWidth(width: number): number {
  return MEDIA_WIDTHS.find((allowed) => allowed >= width) ?? (MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] as number);
}

export function mediaSrc(url: string, width: number): string {
  if (!url.startsWith("/media/")) return url;
  return `${url}?w=${servedWidth(width)}`;
}

/**
 * `src`, `srcSet` and `sizes` for an image shown `width` CSS pixels wide: every served width
 * from 1× to 2× its size, so each screen density downloads the smallest copy that stays sharp
 * (a 1.75× phone takes 200 px for a 112 px portrait, not 224). Beyond 2× nobody sees the difference.
 */
export function mediaImage(url: string, width: number): { src: string; srcSet?: string; sizes?: string } {
  if (!url.startsWith("/media/")) return { src: url };
  const widths = MEDIA_WIDTHS.filter((w) => w >= servedWidth(width) && w <= servedWidth(width * 2));
  return {
    src: mediaSrc(url, width * 2),
    srcSet: widths.map((w) => `${url}?w=${w} ${w}w`).join(", "),
    sizes: `${width}px`,
  };
}
