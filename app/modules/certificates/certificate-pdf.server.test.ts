import { createRequire } from "node:module";
import jsQR from "jsqr";
import { getDocument, OPS, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { translator } from "~/i18n/translate.server";
import { logger } from "~/logger.server";
import { readyBadgeFonts } from "~/print/fonts.server";
import { loadPrintImage, type PrintImage } from "~/print/image.server";
import { CERTIFICATE_LOGO } from "./certificate-drawing.server";
import { type CertificateTexts, certificateLayout, PAGE } from "./certificate-layout";
import { type CertificatePdfInput, renderCertificatePdf } from "./certificate-pdf.server";

// The certificate as its holder gets it, read back with pdf.js: one A4 landscape page whose text
// layer holds the name (Hausa letters intact), the event, the code and the fixed words in the
// holder's language, and, rendered to pixels, a QR code that scans to the verification page.

const CODE = "7KQ2M9XDR4TB8HWN";
const BASE: CertificatePdfInput = {
  fullName: "Ƙaura Ɗanjuma Ɓello",
  eventName: "Zamfara Youth Summit 2026",
  eventDate: "2026-08-12",
  venue: "Government House Banquet Hall, Gusau",
  language: "en",
  signerName: "Hon. Aminu Sani",
  signerTitle: "Commissioner for Youth and Sports",
  logo: null,
  signature: null,
  code: CODE,
  verifyUrl: "https://summit.example.org/verify/7KQ2-M9XD-R4TB-8HWN",
};

/** A file made ready to print as a certificate's logo, as certificate-drawing.server.ts reads one; null when unreadable. */
function printed(file: Buffer): Promise<PrintImage | null> {
  return loadPrintImage(`/media/${"c".repeat(64)}.webp`, async () => file, CERTIFICATE_LOGO);
}

/** A wide logo with a transparent background, in the format asked for, ready to print. */
async function logo(format: "png" | "webp"): Promise<PrintImage | null> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect x="10" y="20" width="160" height="160" rx="30" fill="#166534"/><rect x="220" y="70" width="360" height="60" fill="#14532d"/></svg>`;
  return printed(await sharp(Buffer.from(svg))[format]().toBuffer());
}

type Item = { str: string; x: number; top: number; width: number };
type Read = { width: number; height: number; pages: number; items: Item[]; text: string; ops: number[] };

async function open(bytes: Buffer): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
}

/** Page 1's size, text items (with `top` measured from the top, like the layout) and drawing operators. */
async function read(bytes: Buffer): Promise<Read> {
  const pdf = await open(bytes);
  try {
    const page = await pdf.getPage(1);
    const [, , width = 0, height = 0] = page.view;
    const content = await page.getTextContent();
    const items = content.items.flatMap((item) =>
      "str" in item && item.str.trim()
        ? [{ str: item.str, x: item.transform[4] as number, top: height - (item.transform[5] as number), width: item.width }]
        : [],
    );
    const ops = (await page.getOperatorList()).fnArray;
    return { width, height, pages: pdf.numPages, items, text: items.map((i) => i.str).join("\n"), ops };
  } finally {
    await pdf.destroy();
  }
}

type Canvas = { canvas: unknown; context: CanvasRenderingContext2D };

/** Page 1 in pixels, `scale` pixels a point (pdf.js draws on the canvas it ships for Node). */
async function pixels(
  bytes: Buffer,
  scale: number,
): Promise<{ at: (box: { x: number; y: number; width: number; height: number }) => ImageData }> {
  const pdf = await open(bytes);
  try {
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale });
    const factory = pdf.canvasFactory as { create: (width: number, height: number) => Canvas };
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as HTMLCanvasElement, viewport }).promise;
    return {
      at: (box) =>
        context.getImageData(
          Math.round(box.x * scale),
          Math.round(box.y * scale),
          Math.round(box.width * scale),
          Math.round(box.height * scale),
        ),
    };
  } finally {
    await pdf.destroy();
  }
}

const darkPixels = (image: ImageData) => {
  let dark = 0;
  for (let i = 0; i < image.data.length; i += 4) if ((image.data[i] ?? 255) < 128) dark++;
  return dark;
};

/** Inside the inner frame: nothing printed may cross it. */
const INSIDE = { left: 29, right: PAGE.width - 29, top: 29, bottom: PAGE.height - 29 };
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

describe("renderCertificatePdf", () => {
  it("prints one A4 landscape page with the name, the event, the signer and the code, all searchable", async () => {
    const page = await read(await renderCertificatePdf({ ...BASE, logo: await logo("png") }));
    expect(page.pages).toBe(1);
    expect(page.width).toBeCloseTo(841.89, 1);
    expect(page.height).toBeCloseTo(595.28, 1);
    for (const text of [
      "CERTIFICATE OF ATTENDANCE",
      "This is to certify that",
      "Ƙaura Ɗanjuma Ɓello",
      "attended",
      "Zamfara Youth Summit 2026",
      "held on 12 August 2026 at Government House Banquet Hall, Gusau",
      "Hon. Aminu Sani",
      "Commissioner for Youth and Sports",
      "VERIFICATION CODE",
      "7KQ2-M9XD-R4TB-8HWN",
      `Verify this certificate at ${BASE.verifyUrl}`,
    ]) {
      expect(page.items.map((i) => i.str)).toContain(text);
    }
    // The name is the largest text, above the event; the title above both.
    const top = (str: string) => page.items.find((i) => i.str === str)?.top ?? Number.NaN;
    expect(top("CERTIFICATE OF ATTENDANCE")).toBeLessThan(top("Ƙaura Ɗanjuma Ɓello"));
    expect(top("Ƙaura Ɗanjuma Ɓello")).toBeLessThan(top("Zamfara Youth Summit 2026"));
    for (const item of page.items) {
      expect(item.x, item.str).toBeGreaterThan(INSIDE.left);
      expect(item.x + item.width, item.str).toBeLessThan(INSIDE.right);
    }
    expect(page.ops).toContain(OPS.paintImageXObject);
  });

  it("says its fixed words in Hausa for a Hausa certificate, from the catalogue", async () => {
    const page = await read(await renderCertificatePdf({ ...BASE, language: "ha" }));
    const t = translator("ha", "mail");
    expect(page.text).toContain("TAKARDAR SHAIDAR HALARTA");
    expect(page.text).toContain(t("certificate.pdf.intro"));
    expect(page.text).toContain(t("certificate.pdf.attended"));
    expect(page.text).toContain("wanda aka gudanar a ranar 12 Agusta, 2026 a Government House Banquet Hall, Gusau");
    expect(page.text).toContain("LAMBAR TABBATARWA");
    expect(page.text).toContain(`Tabbatar da sahihancin wannan takarda a ${BASE.verifyUrl}`);
    expect(page.text).toContain("Ƙaura Ɗanjuma Ɓello");
    expect(page.text).not.toMatch(/CERTIFICATE|certify|attended|VERIFICATION|Verify this/i);
  });

  it("has no signature line, name or title when no signer is set", async () => {
    const signed = await renderCertificatePdf(BASE);
    const unsigned = await renderCertificatePdf({ ...BASE, signerName: "", signerTitle: "" });
    const page = await read(unsigned);
    expect(page.text).not.toContain("Hon. Aminu Sani");
    expect(page.text).not.toContain("Commissioner");
    // The signature's corner of the page: the line and its texts when signed, blank paper when not.
    const corner = { x: 60, y: 420, width: 320, height: 118 };
    expect(darkPixels((await pixels(signed, 1)).at(corner))).toBeGreaterThan(100);
    expect(darkPixels((await pixels(unsigned, 1)).at(corner))).toBe(0);
  });

  it("draws a QR code that scans to the verification URL", async () => {
    const bytes = await renderCertificatePdf({ ...BASE, verifyUrl: "https://summit.example.org/verify/ABCD-EFGH-JKMN-PQRS" });
    // The page's bottom right quarter, where the code is, at 4 pixels a point (10 pixels a module).
    const image = (await pixels(bytes, 4)).at({ x: PAGE.width / 2, y: PAGE.height / 2, width: PAGE.width / 2, height: PAGE.height / 2 });
    expect(jsQR(image.data, image.width, image.height)?.data).toBe("https://summit.example.org/verify/ABCD-EFGH-JKMN-PQRS");
  });

  it("fits a 200-character name inside the frame, whole", async () => {
    const words = ["Muhammadu", "Ƙasimu", "Ɗanladi", "Ɓello", "Ƴar'Adua", "Abdulkadir"];
    let name = "";
    for (let i = 0; name.length < 200; i++) name = `${name} ${words[i % words.length]}`.trim();
    name = name.slice(0, 200);
    const page = await read(await renderCertificatePdf({ ...BASE, fullName: name, logo: await logo("png") }));
    expect(page.pages).toBe(1);
    const lines = page.items.filter((i) => name.includes(i.str.trim()) && i.str.trim().length > 20);
    expect(squash(lines.map((i) => i.str).join(" "))).toBe(name);
    for (const item of page.items) {
      expect(item.x, item.str).toBeGreaterThan(INSIDE.left);
      expect(item.x + item.width, item.str).toBeLessThan(INSIDE.right);
      expect(item.top, item.str).toBeGreaterThan(INSIDE.top);
      expect(item.top, item.str).toBeLessThan(INSIDE.bottom);
    }
  });

  it("prints a logo given as PNG or WebP, and goes without one it cannot read", async () => {
    for (const format of ["png", "webp"] as const) {
      expect((await read(await renderCertificatePdf({ ...BASE, logo: await logo(format) }))).ops).toContain(OPS.paintImageXObject);
    }
    expect((await read(await renderCertificatePdf(BASE))).ops).not.toContain(OPS.paintImageXObject);
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => undefined);
    const broken = await read(await renderCertificatePdf({ ...BASE, logo: await printed(Buffer.from("not an image")) }));
    expect(broken.ops).not.toContain(OPS.paintImageXObject);
    expect(broken.text).toContain("Ƙaura Ɗanjuma Ɓello");
    // Said once in the log for the file, not once per certificate.
    await renderCertificatePdf({ ...BASE, logo: await printed(Buffer.from("not an image")) });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.anything(), "printing without the logo: its file cannot be read as an image");
    warn.mockRestore();
  });

  it("lays the same certificate out the same way every time (what is remembered between documents does not drift)", async () => {
    const first = await read(await renderCertificatePdf({ ...BASE, fullName: "Zainab Ƴar'Adua Ɗahiru" }));
    for (let i = 0; i < 3; i++) {
      const again = await read(await renderCertificatePdf({ ...BASE, fullName: "Zainab Ƴar'Adua Ɗahiru" }));
      expect(again.items).toEqual(first.items);
    }
  });

  it("prints a name with control characters, format characters and half surrogate pairs as its letters", async () => {
    const page = await read(
      await renderCertificatePdf({
        ...BASE,
        fullName: "\u0000Amina\u0007\tƊan\u200Bjuma\uD800\n\u202EYusuf\uDC00 ",
        venue: "Gusau\r\nHall",
      }),
    );
    expect(page.text).toContain("Amina Ɗanjuma Yusuf");
    expect(page.text).toContain("Gusau Hall");
  });
});

describe("the fonts certificates are drawn with", () => {
  // fontkit, pdfkit's font reader, reads back the subsets pdfkit embeds.
  const require = createRequire(import.meta.url);
  type Glyph = { id: number; advanceWidth: number; path: { toSVG: () => string } };
  type Font = {
    numGlyphs: number;
    glyphsForString: (text: string) => Glyph[];
    getGlyph: (id: number) => Glyph;
    createSubset: () => { includeGlyph: (id: number) => number; encode: () => Uint8Array };
  };
  const fontkit = createRequire(require.resolve("pdfkit"))("fontkit") as { create: (data: Uint8Array) => Font };

  it.each(["regular", "bold"] as const)("cut %s subsets whose glyphs are the font's own, composites included", (style) => {
    const font = readyBadgeFonts()[style] as unknown as Font;
    const subset = font.createSubset();
    // "é" and the hooked capitals are composites in DejaVu: their parts must come along.
    const glyphs = font.glyphsForString("Ƙaura Ɗanjuma Ɓello é Ƴ'");
    const numbers = glyphs.map((glyph) => subset.includeGlyph(glyph.id));
    const cut = fontkit.create(subset.encode());
    expect(cut.numGlyphs).toBeGreaterThan(new Set(numbers).size);
    glyphs.forEach((glyph, i) => {
      const copy = cut.getGlyph(numbers[i] ?? 0);
      expect(copy.advanceWidth).toBe(glyph.advanceWidth);
      expect(copy.path.toSVG()).toBe(glyph.path.toSVG());
    });
  });
});

describe("certificateLayout", () => {
  // Every character as wide as the font size: wider than any real one, the worst case for fitting.
  const measure = (text: string) => Array.from(text).length;
  const TEXTS: CertificateTexts = {
    title: "CERTIFICATE OF ATTENDANCE",
    intro: "This is to certify that",
    name: "Ƙaura Ɗanjuma Ɓello",
    attended: "attended",
    event: "Zamfara Youth Summit 2026",
    heldOn: "held on 12 August 2026 at Gusau",
    signerName: "Hon. Aminu Sani",
    signerTitle: "Commissioner for Youth and Sports",
    codeLabel: "VERIFICATION CODE",
    code: "7KQ2-M9XD-R4TB-8HWN",
    verifyLine: "Verify this certificate at https://summit.example.org/verify/7KQ2-M9XD-R4TB-8HWN",
  };
  const long = (text: string) => Array.from({ length: 8 }, () => text).join(" ");

  it.each([
    ["ordinary texts, a wide signature", TEXTS, { width: 600, height: 200 }, { width: 900, height: 150 }],
    [
      "every text very long, a tall logo and a tall signature",
      Object.fromEntries(Object.entries(TEXTS).map(([key, value]) => [key, long(value)])) as CertificateTexts,
      { width: 100, height: 400 },
      { width: 150, height: 600 },
    ],
  ])("keeps %s inside the frame, apart, and out of the QR code's box", (_, texts, logo, signature) => {
    const layout = certificateLayout(texts, { logo, signature }, measure);
    const boxes = layout.texts.map((t) => ({
      text: t.text,
      x: t.x,
      y: t.y,
      right: t.x + measure(t.text) * t.size + t.spacing * (Array.from(t.text).length - 1),
      bottom: t.y + t.size * 1.18,
    }));
    for (const box of boxes) {
      expect(box.x, box.text).toBeGreaterThanOrEqual(INSIDE.left);
      expect(box.right, box.text).toBeLessThanOrEqual(INSIDE.right);
      expect(box.y, box.text).toBeGreaterThanOrEqual(INSIDE.top);
      expect(box.bottom, box.text).toBeLessThanOrEqual(INSIDE.bottom);
      const { qr } = layout;
      const apart = box.right <= qr.x || box.x >= qr.x + qr.width || box.bottom <= qr.y || box.y >= qr.y + qr.height;
      expect(apart, `${box.text} clear of the QR code`).toBe(true);
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = a.right <= b.x || b.right <= a.x || a.bottom <= b.y + 0.01 || b.bottom <= a.y + 0.01;
        expect(apart, `"${a.text}" and "${b.text}" apart`).toBe(true);
      }
    }
    expect(layout.logo).not.toBeNull();
    // The signature image clear of every text and of the QR code.
    const image = layout.signature;
    if (!image) throw new Error("no signature box");
    for (const box of [
      ...boxes,
      { text: "QR code", ...layout.qr, right: layout.qr.x + layout.qr.width, bottom: layout.qr.y + layout.qr.height },
    ]) {
      const apart = box.right <= image.x || box.x >= image.x + image.width || box.bottom <= image.y || box.y >= image.y + image.height;
      expect(apart, `${box.text} clear of the signature`).toBe(true);
    }
  });
});
