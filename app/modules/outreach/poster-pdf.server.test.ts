import jsQR from "jsqr";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { storeImage } from "~/modules/media/media.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { loadPrintImage, PRINT_LOGO, type PrintImage } from "~/print/image.server";
import { POSTER_PAGE, type PosterTexts, posterLayout } from "./poster-layout";
import { type PosterInput, renderPosterPdf, sourcePosterPdf } from "./poster-pdf.server";

// A source's poster read back with pdf.js: one A4 portrait page whose text holds the summit's
// name, date and venue, "Register free", the link written out and who organises it, in English
// or Hausa, whose QR code, rendered to pixels, scans to the short link, and which shows the
// organisers' logo when there is one. Its layout keeps every text on the page, apart from the
// others, the logo and the QR code, however long the organisers' texts, and the logo in its own
// proportions whatever its shape.

const BASE: PosterInput = {
  eventName: "Zamfara Youth Summit 2026",
  eventDate: "2026-12-24",
  eventTime: "8:00 AM - 5:00 PM",
  venue: "Government House Banquet Hall, Gusau",
  organiser: "Zamfara State Government, youth office",
  logo: null,
  language: "en",
  link: "https://summit.example.org/r/K7M3X",
};

/** A logo file as organisers upload one: a coloured mark on a transparent ground. */
function logoFile(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="2" y="2" width="${width - 4}" height="${height - 4}" rx="12" fill="#1d4ed8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The logo ready to print, as the routes get it, read from a stand-in for the media store. */
async function printLogo(width: number, height: number): Promise<PrintImage> {
  const file = await logoFile(width, height);
  const logo = await loadPrintImage(`/media/${"a".repeat(64)}.webp`, async () => file, PRINT_LOGO);
  if (!logo) throw new Error("the logo did not load");
  return logo;
}

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
    const images = (await page.getOperatorList()).fnArray.filter((op) => op === OPS.paintImageXObject).length;
    return { width, height, pages: pdf.numPages, text, image, images };
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
    expect(poster.text).toContain("Organised by Zamfara State Government, youth office");
    expect(jsQR(poster.image.data, poster.image.width, poster.image.height)?.data).toBe(BASE.link);
    // No logo set: none drawn, and the poster is whole without it.
    expect(poster.images).toBe(0);
  });

  it.each([
    ["wide", 800, 200],
    ["tall", 300, 700],
    ["square", 500, 500],
  ])("shows a %s logo once, with everything else still there and the QR code still scanning", async (_, width, height) => {
    const poster = await read(await renderPosterPdf({ ...BASE, logo: await printLogo(width, height) }));
    expect(poster.pages).toBe(1);
    expect(poster.images).toBe(1);
    for (const words of ["Zamfara Youth Summit 2026", "Register free", "Organised by Zamfara State Government, youth office"])
      expect(poster.text).toContain(words);
    expect(jsQR(poster.image.data, poster.image.width, poster.image.height)?.data).toBe(BASE.link);
  });

  it("prints no organiser line when none is set", async () => {
    const poster = await read(await renderPosterPdf({ ...BASE, organiser: " " }));
    expect(poster.text).not.toContain("Organised by");
    expect(poster.text).toContain("Register free");
  });

  it("speaks Hausa for a Hausa poster, with the organisers' Hausa letters intact", async () => {
    const poster = await read(
      await renderPosterPdf({
        ...BASE,
        language: "ha",
        venue: "Ɗakin Taro na Gidan Gwamnati, Ƙaura",
        organiser: "Ma'aikatar Matasa ta Jihar Zamfara",
        logo: await printLogo(500, 500),
      }),
    );
    expect(poster.text).toContain("Yi rajista kyauta");
    expect(poster.text).toContain("Masu shiryawa: Ma'aikatar Matasa ta Jihar Zamfara");
    expect(poster.images).toBe(1);
    expect(poster.text).toContain("AN GAYYACE KU");
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
    organiser: "Organised by Zamfara State Government, youth office",
    footer: "It takes two minutes, and your ticket arrives by e-mail straight away.",
    ussd: "No data? Dial *347*123# on any phone.",
  };
  const long = (text: string) => Array.from({ length: 8 }, () => text).join(" ");
  const LONG = Object.fromEntries(Object.entries(TEXTS).map(([key, value]) => [key, long(value)])) as PosterTexts;
  const LOGOS = { none: null, wide: { width: 1600, height: 200 }, tall: { width: 150, height: 900 }, square: { width: 400, height: 400 } };
  type Box = { x: number; y: number; width: number; height: number };
  const apart = (a: Box, b: Box) =>
    a.x + a.width <= b.x + 0.01 || b.x + b.width <= a.x + 0.01 || a.y + a.height <= b.y + 0.01 || b.y + b.height <= a.y + 0.01;

  const cases = Object.entries(LOGOS).flatMap(([logo, size]) => [
    [`ordinary texts, logo: ${logo}`, TEXTS, size] as const,
    [`every text very long, logo: ${logo}`, LONG, size] as const,
  ]);

  it.each(cases)("keeps %s on the page, apart, and clear of the QR code and the logo", (_, texts, logo) => {
    const layout = posterLayout(texts, logo, measure);
    const boxes = layout.texts.map((t) => ({
      text: t.text,
      x: t.x,
      y: t.y,
      width: measure(t.text) * t.size + t.spacing * (Array.from(t.text).length - 1),
      height: t.size * 1.18,
    }));
    const { qr, band } = layout;
    const page = { x: 24, y: 24, width: POSTER_PAGE.width - 48, height: POSTER_PAGE.height - 48 };
    const inside = (inner: Box, outer: Box) =>
      inner.x >= outer.x - 0.01 &&
      inner.y >= outer.y - 0.01 &&
      inner.x + inner.width <= outer.x + outer.width + 0.01 &&
      inner.y + inner.height <= outer.y + outer.height + 0.01;
    for (const box of boxes) {
      expect(inside(box, page), box.text).toBe(true);
      expect(apart(box, qr), `${box.text} clear of the QR code`).toBe(true);
      if (layout.logo) expect(apart(box, layout.logo), `${box.text} clear of the logo`).toBe(true);
      // In the band or clear of it.
      expect(inside(box, band) || apart(box, band), `${box.text} and the band`).toBe(true);
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) expect(apart(a, b), `"${a.text}" and "${b.text}" apart`).toBe(true);
    }
    // The band holds the kicker and the name; the QR code is under it, above the footer's rule.
    expect(boxes.filter((b) => inside(b, band)).length).toBeGreaterThanOrEqual(2);
    expect(qr.y).toBeGreaterThan(band.y + band.height);
    expect(qr.y + qr.height).toBeLessThan(layout.rule.y);
    // Large enough to scan from a step away: 7 cm at the least, quiet zone included.
    expect(qr.width).toBeGreaterThanOrEqual(200);
    expect(inside(band, page)).toBe(true);
    // The footer's three lines, under the rule.
    const footer = boxes.filter((b) => b.y > layout.rule.y);
    expect(footer.length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ["wide", LOGOS.wide],
    ["tall", LOGOS.tall],
    ["square", LOGOS.square],
  ])("fits a %s logo at the top in its own proportions, centred, above the band", (_, size) => {
    const { logo, band } = posterLayout(TEXTS, size, measure);
    if (!logo) throw new Error("no logo box");
    expect(logo.width / logo.height).toBeCloseTo(size.width / size.height, 6);
    expect(logo.x + logo.width / 2).toBeCloseTo(POSTER_PAGE.width / 2, 6);
    expect(logo.y).toBeGreaterThanOrEqual(24);
    expect(logo.x).toBeGreaterThanOrEqual(24);
    expect(logo.x + logo.width).toBeLessThanOrEqual(POSTER_PAGE.width - 24);
    expect(logo.y + logo.height).toBeLessThan(band.y);
    // As large as its room allows: it touches the room's side (wide) or its height (tall, square).
    expect(Math.max(logo.width / 260, logo.height / 84)).toBeCloseTo(1, 6);
  });

  it("gives the QR code the room a missing logo leaves, and puts the band at the top", () => {
    // DejaVu Sans' letters are some 0.6 of the size wide: the texts fit at their largest sizes.
    const dejaVu = (text: string) => 0.6 * Array.from(text).length;
    const without = posterLayout(TEXTS, null, dejaVu);
    const withLogo = posterLayout(TEXTS, LOGOS.square, dejaVu);
    expect(without.logo).toBeNull();
    expect(without.band.y).toBe(24);
    expect(withLogo.band.y).toBeGreaterThan(without.band.y);
    expect(without.qr.width).toBeGreaterThanOrEqual(withLogo.qr.width);
  });

  it("draws no logo for an image without size, and no organiser or USSD line for an empty text", () => {
    const layout = posterLayout({ ...TEXTS, organiser: "", ussd: "" }, { width: 0, height: 0 }, measure);
    expect(layout.logo).toBeNull();
    expect(
      layout.texts
        .filter((t) => t.y > layout.rule.y)
        .map((t) => t.text)
        .join(" "),
    ).toBe(TEXTS.footer);
  });
});

describe("sourcePosterPdf", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.close());

  it("draws the organisers' uploaded logo and their name from Event Settings", async () => {
    const { db } = database;
    const bytes = await logoFile(640, 240);
    const { url } = await storeImage(db, { type: "image/png", size: bytes.length, bytes });
    await updateSettings(db, { logo_url: url, organiser_name: "Zamfara Youth Office" });
    const poster = await read(await sourcePosterPdf(db, { link: BASE.link, language: "en" }));
    expect(poster.images).toBe(1);
    expect(poster.text).toContain("Organised by Zamfara Youth Office");
    expect(jsQR(poster.image.data, poster.image.width, poster.image.height)?.data).toBe(BASE.link);

    // A logo elsewhere on the web is never fetched: the poster is printed without it.
    await updateSettings(db, { logo_url: "https://example.org/logo.png" });
    expect((await read(await sourcePosterPdf(db, { link: BASE.link, language: "en" }))).images).toBe(0);
  });
});
