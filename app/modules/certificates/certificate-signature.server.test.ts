import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { logger } from "~/logger.server";
import { storeImage } from "~/modules/media/media.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { loadPrintImage, type PrintImage } from "~/print/image.server";
import { CERTIFICATE_SIGNATURE, certificatePdf } from "./certificate-drawing.server";
import { type CertificateTexts, certificateLayout, PAGE } from "./certificate-layout";
import { type CertificatePdfInput, renderCertificatePdf } from "./certificate-pdf.server";

// The signature line as the organisers set it in Event Settings: the signature image standing
// on the line, whole, only when there is a line; the signer's title in the certificate's
// language. Drawn from the settings as the e-mail and the download draw them.

const EN_TITLE = "Commissioner for Youth and Sports";
const HA_TITLE = "Kwamishinan Matasa da Wasanni";

/** A signature: dark ink on a transparent ground, `width` × `height`. */
function signature(width = 800, height = 200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M10 ${height * 0.8} C${width * 0.2} 10 ${width * 0.4} ${height} ${width * 0.6} ${height * 0.4} S${width * 0.8} 10 ${width - 10} ${height * 0.6}" stroke="#1e3a8a" stroke-width="8" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A file made ready to print as a certificate's signature, as certificate-drawing.server.ts reads one; null when unreadable. */
function printed(file: Buffer): Promise<PrintImage | null> {
  return loadPrintImage(`/media/${"5".repeat(64)}.webp`, async () => file, CERTIFICATE_SIGNATURE);
}

/** Page 1's text and drawing operators. */
async function read(bytes: Buffer): Promise<{ text: string; images: number }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    const page = await pdf.getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join("\n");
    const images = (await page.getOperatorList()).fnArray.filter((op) => op === OPS.paintImageXObject).length;
    return { text, images };
  } finally {
    await pdf.destroy();
  }
}

describe("the signature image's place", () => {
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
    signerTitle: EN_TITLE,
    codeLabel: "VERIFICATION CODE",
    code: "7KQ2-M9XD-R4TB-8HWN",
    verifyLine: "Verify this certificate at https://summit.example.org/verify/7KQ2-M9XD-R4TB-8HWN",
  };

  it.each([
    ["wide", { width: 1200, height: 200 }],
    ["tall", { width: 200, height: 600 }],
    ["small", { width: 40, height: 30 }],
  ])("stands a %s image on the line, inside the page, at its own proportions", (_, image) => {
    const layout = certificateLayout(TEXTS, { logo: null, signature: image }, measure);
    const box = layout.signature;
    if (!box) throw new Error("no signature box");
    // The signature line: the lowest stroke, in ink.
    const line = layout.strokes.reduce((lowest, stroke) => (stroke.y1 > lowest.y1 ? stroke : lowest));
    expect(line.y1).toBe(line.y2);
    // Inside the inner frame.
    expect(box.x).toBeGreaterThanOrEqual(29);
    expect(box.y).toBeGreaterThanOrEqual(29);
    expect(box.x + box.width).toBeLessThanOrEqual(PAGE.width - 29);
    // Above the line, close to it, over its middle and no wider.
    expect(box.y + box.height).toBeLessThanOrEqual(line.y1);
    expect(box.y + box.height).toBeGreaterThan(line.y1 - 5);
    expect(box.x + box.width / 2).toBeCloseTo((line.x1 + line.x2) / 2, 6);
    expect(box.width).toBeLessThanOrEqual(line.x2 - line.x1);
    // Never squeezed: the image's own proportions, as large as its space allows.
    expect(box.width / box.height).toBeCloseTo(image.width / image.height, 9);
    expect(box.width === 200 || box.height === 50).toBe(true);
  });

  it("has no place without a signer (no line) or without an image", () => {
    expect(
      certificateLayout({ ...TEXTS, signerName: "" }, { logo: null, signature: { width: 800, height: 200 } }, measure).signature,
    ).toBeNull();
    expect(certificateLayout(TEXTS, { logo: null, signature: null }, measure).signature).toBeNull();
  });
});

describe("renderCertificatePdf with a signature image", () => {
  const BASE: CertificatePdfInput = {
    fullName: "Ƙaura Ɗanjuma Ɓello",
    eventName: "Zamfara Youth Summit 2026",
    eventDate: "2026-08-12",
    venue: "Government House Banquet Hall, Gusau",
    language: "en",
    signerName: "Hon. Aminu Sani",
    signerTitle: EN_TITLE,
    logo: null,
    signature: null,
    code: "7KQ2M9XDR4TB8HWN",
    verifyUrl: "https://summit.example.org/verify/7KQ2-M9XD-R4TB-8HWN",
  };

  it("prints the image only with the signature line", async () => {
    const image = await printed(await signature());
    expect((await read(await renderCertificatePdf({ ...BASE, signature: image }))).images).toBe(1);
    expect((await read(await renderCertificatePdf({ ...BASE, signature: image, signerName: " " }))).images).toBe(0);
    expect((await read(await renderCertificatePdf(BASE))).images).toBe(0);
  });

  it("prints the certificate without an image it cannot read", async () => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => undefined);
    try {
      const page = await read(await renderCertificatePdf({ ...BASE, signature: await printed(Buffer.from("not an image at all")) }));
      expect(page.images).toBe(0);
      expect(page.text).toContain("Ƙaura Ɗanjuma Ɓello");
      expect(page.text).toContain("Hon. Aminu Sani");
      expect(warn).toHaveBeenCalledWith(expect.anything(), "printing without the signature: its file cannot be read as an image");
    } finally {
      warn.mockRestore();
    }
  });
});

for (const kind of DATABASE_KINDS) {
  describe(`a certificate drawn from the settings (${kind})`, () => {
    const KEYS = { publicUrl: "https://summit.example.org", secret: "e".repeat(64) };
    let database: DbConnection;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => database?.close());

    const row = (language: string) => ({
      serial: "00000001",
      full_name: "Aisha Musa Ɗanjuma",
      event_name: "Zamfara Youth Summit 2026",
      event_date: "2026-08-12",
      venue: "Gusau",
      language,
    });
    const drawn = async (language: string) => read(await certificatePdf(database.db, row(language), await getSettings(database.db), KEYS));

    it("prints the signer's title in the certificate's language, the name as it is, and the uploaded signature", async () => {
      const { url } = await storeImage(database.db, { type: "image/png", size: 0, bytes: await signature() });
      await updateSettings(database.db, {
        certificate_signer_name: "Hon. Aminu Sani",
        certificate_signer_title: EN_TITLE,
        certificate_signature_url: url,
        translations: { ha: { certificate_signer_title: HA_TITLE } },
      });
      const hausa = await drawn("ha");
      expect(hausa.text).toContain(HA_TITLE);
      expect(hausa.text).not.toContain(EN_TITLE);
      expect(hausa.text).toContain("Hon. Aminu Sani");
      expect(hausa.images).toBe(1);
      const english = await drawn("en");
      expect(english.text).toContain(EN_TITLE);
      expect(english.text).not.toContain(HA_TITLE);
      expect(english.images).toBe(1);
    });

    it("prints the English title on a Hausa certificate when no Hausa one is given", async () => {
      await updateSettings(database.db, { translations: {} });
      expect((await drawn("ha")).text).toContain(EN_TITLE);
    });

    it("prints without the signature when its image is gone, and without image or line when there is no signer", async () => {
      await updateSettings(database.db, { certificate_signature_url: `/media/${"0".repeat(64)}.webp` });
      const gone = await drawn("en");
      expect(gone.images).toBe(0);
      expect(gone.text).toContain("Hon. Aminu Sani");
      const { url } = await storeImage(database.db, { type: "image/png", size: 0, bytes: await signature(300, 300) });
      await updateSettings(database.db, { certificate_signature_url: url, certificate_signer_name: "" });
      const unsigned = await drawn("en");
      expect(unsigned.images).toBe(0);
      expect(unsigned.text).not.toContain(EN_TITLE);
    });
  });
}
