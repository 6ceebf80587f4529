import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { loadPrintLogo } from "./logo.server";

// The organisers' logo made ready for a PDF: only our own uploads are read, each becomes a JPEG
// on white in its own proportions, and a file that is no image prints nothing rather than
// failing the document.

const OURS = (n: string) => `/media/${n.repeat(64)}.webp`;

/** A logo with a transparent ground, as organisers often upload one. */
function transparentLogo(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#1d4ed8"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ lossless: true }).toBuffer();
}

describe("loadPrintLogo", () => {
  it("reads one of our uploads and makes it a JPEG on white, in its own proportions", async () => {
    const file = await transparentLogo(1600, 400);
    const read = vi.fn(async () => file);
    const logo = await loadPrintLogo(OURS("1"), read);
    expect(read).toHaveBeenCalledWith("1".repeat(64), expect.any(Number));
    if (!logo) throw new Error("no logo");
    expect([logo.data[0], logo.data[1]]).toEqual([0xff, 0xd8]);
    expect(logo.width / logo.height).toBeCloseTo(4, 2);
    expect(Math.max(logo.width, logo.height)).toBeLessThanOrEqual(960);
    // The transparent corner is white paper, not black.
    const { data } = await sharp(logo.data).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((channel) => channel > 245)).toBe(true);
  });

  it("reads nothing for no logo or one elsewhere on the web", async () => {
    const read = vi.fn(async () => Buffer.alloc(0));
    for (const url of ["", "https://example.org/logo.png", "/media/../secret.webp", `${OURS("a")}?x=1`]) {
      expect(await loadPrintLogo(url, read), url).toBeNull();
    }
    expect(read).not.toHaveBeenCalled();
  });

  it("prints without a logo that is gone or cannot be read as an image", async () => {
    expect(await loadPrintLogo(OURS("2"), async () => null)).toBeNull();
    expect(await loadPrintLogo(OURS("3"), async () => Buffer.from("not an image"))).toBeNull();
  });
});
