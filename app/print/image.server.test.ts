import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { logger } from "~/logger.server";
import { loadPrintImage, ourUploadId, PRINT_LOGO, type PrintImageUse } from "./image.server";

// The organisers' images made ready for a PDF: only our own uploads are read, each becomes a
// JPEG on white in its own proportions within its use's size, and a file that is no image
// prints nothing rather than failing the document.

const OURS = (n: string) => `/media/${n.repeat(64)}.webp`;
const SIGNATURE: PrintImageUse = { name: "signature", maxSize: { width: 800, height: 200 } };

/** A logo with a transparent ground, as organisers often upload one. */
function transparentLogo(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#1d4ed8"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ lossless: true }).toBuffer();
}

/** Its top-left pixel's channels. */
async function corner(jpeg: Buffer): Promise<number[]> {
  const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

describe("ourUploadId", () => {
  it("names our uploads by their hash and nothing else", () => {
    expect(ourUploadId(OURS("a"))).toBe("a".repeat(64));
    for (const url of ["", "https://example.org/logo.png", "/media/../secret.webp", `${OURS("a")}?x=1`, OURS("A")]) {
      expect(ourUploadId(url), url).toBeNull();
    }
  });
});

describe("loadPrintImage", () => {
  it("reads one of our uploads and makes it a JPEG on white, in its own proportions", async () => {
    const file = await transparentLogo(1600, 400);
    const read = vi.fn(async () => file);
    const logo = await loadPrintImage(OURS("1"), read, PRINT_LOGO);
    expect(read).toHaveBeenCalledWith("1".repeat(64), 960);
    if (!logo) throw new Error("no logo");
    expect([logo.data[0], logo.data[1]]).toEqual([0xff, 0xd8]);
    expect(logo.width / logo.height).toBeCloseTo(4, 2);
    expect(Math.max(logo.width, logo.height)).toBeLessThanOrEqual(960);
    // The transparent corner is white paper, not black.
    expect((await corner(logo.data)).every((channel) => channel > 245)).toBe(true);
  });

  it("reads the file as stored without a width, and fits it inside its use's size", async () => {
    // A signature: ink on a transparent PNG ground, wider than its box.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="300"><path d="M10 250 C300 10 700 290 1590 100" stroke="#1e3a8a" stroke-width="12" fill="none"/></svg>`;
    const file = await sharp(Buffer.from(svg)).png().toBuffer();
    const read = vi.fn(async () => file);
    const signature = await loadPrintImage(OURS("4"), read, SIGNATURE);
    expect(read).toHaveBeenCalledWith("4".repeat(64), undefined);
    if (!signature) throw new Error("no signature");
    expect(signature.width).toBe(800);
    expect(signature.height).toBe(150);
    expect((await corner(signature.data)).every((channel) => channel > 245)).toBe(true);
    // The same file for another use is converted at that use's size.
    const logo = await loadPrintImage(OURS("4"), read, PRINT_LOGO);
    expect(logo?.width).toBe(960);
  });

  it("reads nothing for no image or one elsewhere on the web", async () => {
    const read = vi.fn(async () => Buffer.alloc(0));
    for (const url of ["", "https://example.org/logo.png", "/media/../secret.webp", `${OURS("a")}?x=1`]) {
      expect(await loadPrintImage(url, read, PRINT_LOGO), url).toBeNull();
    }
    expect(read).not.toHaveBeenCalled();
  });

  it("prints without an image that is gone or cannot be read, said once in the log for the file", async () => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => undefined);
    try {
      expect(await loadPrintImage(OURS("2"), async () => null, PRINT_LOGO)).toBeNull();
      const broken = async () => Buffer.from("not an image");
      expect(await loadPrintImage(OURS("3"), broken, SIGNATURE)).toBeNull();
      expect(await loadPrintImage(OURS("3"), broken, SIGNATURE)).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(expect.anything(), "printing without the signature: its file cannot be read as an image");
    } finally {
      warn.mockRestore();
    }
  });
});
