import jsQR from "jsqr";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { POSTER_PAGE, type PosterTexts, posterLayout } from "./poster-layout";
import { type PosterInput, renderPosterPdf } from "./poster-pdf.server";

// A source's poster read back with pdf.js: one A4 portrait page whose text holds the summit's
// name, date and venue, "Register free" and the link written out, in English or Hausa, and whose
// QR code, rendered to pixels, scans to the short link. Its layout keeps every text on the page,
// apart from the others and from the QR code, however long the organisers' texts.

const BASE: PosterInput = {
  eventName: "Zamfara Youth Summit 2026",
  eventDate: "2026-12-24",
  eventTime: "8:00 AM - 5:00 PM",
  venue: "Government House Banquet Hall, Gusau",
  language: "en",
  link: "https://summit.example.org/r/K7M3X",
};

type Canvas = { canvas: unknown; context: CanvasRenderingContext2D };

/** The page's size, its text, and its pixels at `scale` pixels a point. */
async function read(bytes: Buffer, scale = 2) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    const page = await pdf.getPage(1);
    const [, , width = 0, height = 0] = page.view;
    // Lines joined with spaces: a text the layout wrapped reads as one.
    const text = (await page.getTextContent()).items
      .map((item) => ("str" in item ? item.str : ""))
      .join(" ")
      .replace(/\s+/g, " ");
    const viewport = page.getViewport({ scale });
    const factory = pdf.canvasFactory as { create: (width: number, height: number) => Canvas };
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as HTMLCanvasElement, viewport }).promise;
    const image = context.getImageData(0, 0, Math.ceil(viewport.width), Math.ceil(viewport.height));
    return { width, height, pages: pdf.numPages, text, image };
  } finally {
    await pdf.destroy();
  }
}

describe("renderPosterPdf", () => {
  it("is one A4 portrait page with the summit, the date, the venue, Register free and the link; its QR code scans to the link", async () => {
    const poster = await read(await renderPosterPdf(BASE));
    expect(poster.pages).toBe(1);
    expect([Math.round(poster.width), Math.round(poster.height)]).toEqual([595, 842]);
    for (const words of ["YOU ARE INVITED", "Zamfara Youth Summit 2026", "Register free", "24 December 2026", "8:00 AM - 5:00 PM"])
      expect(poster.text).toContain(words);
    expect(poster.text).toContain("Government House Banquet Hall, Gusau");
    expect(poster.text).toContain("summit.example.org/r/K7M3X");
    expect(poster.text).not.toContain("https://");
    expect(jsQR(poster.image.data, poster.image.width, poster.image.height)?.data).toBe(BASE.link);
  });

  it("speaks Hausa for a Hausa poster, with the organisers' Hausa letters intact", async () => {
    const poster = await read(await renderPosterPdf({ ...BASE, language: "ha", venue: "Ɗakin Taro na Gidan Gwamnati, Ƙaura" }));
    expect(poster.text).toContain("Yi rajista kyauta");
    expect(poster.text).toContain("AN GAYYACE KA");
    expect(poster.text).toContain("Ɗakin Taro na Gidan Gwamnati, Ƙaura");
    expect(poster.text).toContain("Disamba");
  });

  it("tells people without data the USSD code, when one is set", async () => {
    const poster = await read(await renderPosterPdf({ ...BASE, ussdCode: "*347*123#" }));
    expect(poster.pages).toBe(1);
    expect(poster.text.replace(/\s+/g, " ")).toContain("No data? Dial *347*123# on any phone.");
    expect(jsQR(poster.image.data, poster.image.width, poster.image.height)?.data).toBe(BASE.link);
    expect((await read(await renderPosterPdf(BASE))).text).not.toContain("No data?");
  });

  it("prints organisers' text with control and invisible characters as plain words, never as boxes", async () => {
    const poster = await read(
      await renderPosterPdf({ ...BASE, eventName: "Zamfara\u0000 Youth\u202E Summit\u00AD\n2026", venue: "Gusau\tHall" }),
    );
    expect(poster.text).toContain("Zamfara Youth Summit 2026");
    expect(poster.text).toContain("Gusau Hall");
  });
});

describe("posterLayout", () => {
  // Every character as wide as the font size: wider than any real one, the worst case for fitting.
  const measure = (text: string) => Array.from(text).length;
  const TEXTS: PosterTexts = {
    kicker: "YOU ARE INVITED",
    eventName: "Zamfara Youth Summit 2026",
    registerFree: "Register free",
    date: "Thursday, 24 December 2026",
    time: "8:00 AM - 5:00 PM",
    venue: "Government House Banquet Hall, Gusau",
    scan: "Scan the code with your phone's camera, or type this link:",
    link: "summit.example.org/r/K7M3X",
    footer: "It takes two minutes, and your ticket arrives by e-mail straight away.",
  };
  const long = (text: string) => Array.from({ length: 8 }, () => text).join(" ");

  it.each([
    ["ordinary texts", TEXTS],
    ["every text very long", Object.fromEntries(Object.entries(TEXTS).map(([key, value]) => [key, long(value)])) as PosterTexts],
  ])("keeps %s on the page, apart, and clear of the QR code", (_, texts) => {
    const layout = posterLayout(texts, measure);
    const boxes = layout.texts.map((t) => ({
      text: t.text,
      x: t.x,
      y: t.y,
      right: t.x + measure(t.text) * t.size + t.spacing * (Array.from(t.text).length - 1),
      bottom: t.y + t.size * 1.18,
    }));
    const { qr, band } = layout;
    for (const box of boxes) {
      expect(box.x, box.text).toBeGreaterThanOrEqual(24);
      expect(box.right, box.text).toBeLessThanOrEqual(POSTER_PAGE.width - 24);
      expect(box.y, box.text).toBeGreaterThanOrEqual(24);
      expect(box.bottom, box.text).toBeLessThanOrEqual(POSTER_PAGE.height - 24);
      const apart = box.right <= qr.x || box.x >= qr.x + qr.width || box.bottom <= qr.y || box.y >= qr.y + qr.height;
      expect(apart, `${box.text} clear of the QR code`).toBe(true);
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = a.right <= b.x || b.right <= a.x || a.bottom <= b.y + 0.01 || b.bottom <= a.y + 0.01;
        expect(apart, `"${a.text}" and "${b.text}" apart`).toBe(true);
      }
    }
    // The band holds the kicker and the name, and nothing else overlaps it.
    const inBand = boxes.filter((b) => b.y >= band.y && b.bottom <= band.y + band.height);
    expect(inBand.length).toBeGreaterThanOrEqual(2);
    expect(qr.y).toBeGreaterThan(band.y + band.height);
    expect(qr.y + qr.height).toBeLessThan(layout.rule.y);
  });
});
