import { describe, expect, it } from "vitest";
import { MEDIA_WIDTHS, mediaImage, mediaSrc } from "./media-url";

describe("media URLs", () => {
  const url = `/media/${"a".repeat(64)}.webp`;
  it("asks only for widths the server serves, rounding up", () => {
    for (const width of [1, 64, 100, 112, 224, 300, 5000]) {
      const w = Number(new URL(mediaSrc(url, width), "http://x").searchParams.get("w"));
      expect(MEDIA_WIDTHS).toContain(w);
      expect(w >= width || w === 1280).toBe(true);
    }
    expect(mediaSrc(url, 112)).toBe(`${url}?w=128`);
  });

  it("offers every served width from 1x to 2x for our images, and leaves other addresses alone", () => {
    expect(mediaImage(url, 112)).toEqual({
      src: `${url}?w=224`,
      srcSet: `${url}?w=128 128w, ${url}?w=160 160w, ${url}?w=200 200w, ${url}?w=224 224w`,
      sizes: "112px",
    });
    expect(mediaImage(url, 32)).toEqual({ src: `${url}?w=64`, srcSet: `${url}?w=64 64w`, sizes: "32px" });
    expect(mediaImage("https://example.org/a.png", 112)).toEqual({ src: "https://example.org/a.png" });
  });
});
