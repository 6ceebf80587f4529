import path from "node:path";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { drawInPool, drawPicturesInThreads, stopPictureThreads } from "~/modules/badges/drawing-pool.server";
import { loadPrintImage } from "~/print/image.server";
import { CERTIFICATE_LOGO, CERTIFICATE_SIGNATURE } from "./certificate-drawing.server";
import { type CertificatePdfInput, renderCertificatePdf } from "./certificate-pdf.server";

// The ticket page's certificate is drawn in the drawing pool's threads (server/image-thread.js's
// drawCertificateInThread; here the same task from the sources, tests/support/image-thread-stand-in.mjs):
// the logo and the signature, ready to print, cross to the thread and the PDF comes back whole.

const INPUT: CertificatePdfInput = {
  fullName: "Ƙaura Ɗanjuma Ɓello",
  eventName: "Zamfara Youth Summit 2026",
  eventDate: "2026-08-12",
  venue: "Government House Banquet Hall, Gusau",
  language: "ha",
  signerName: "Hon. Aminu Sani",
  signerTitle: "Commissioner for Youth and Sports",
  logo: null,
  signature: null,
  code: "7KQ2M9XDR4TB8HWN",
  verifyUrl: "https://summit.example.org/verify/7KQ2-M9XD-R4TB-8HWN",
};

async function read(bytes: Buffer) {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const page = await document.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
  return { text, ops: (await page.getOperatorList()).fnArray };
}

describe("the certificate in the drawing pool", () => {
  afterAll(() => stopPictureThreads());

  it("draws the same certificate in a thread as in place, the logo and the signature included", async () => {
    const file = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#166534" } })
      .png()
      .toBuffer();
    const images = {
      logo: await loadPrintImage(`/media/${"a".repeat(64)}.webp`, async () => file, CERTIFICATE_LOGO),
      signature: await loadPrintImage(`/media/${"b".repeat(64)}.webp`, async () => file, CERTIFICATE_SIGNATURE),
    };
    drawPicturesInThreads(path.resolve("tests/support/image-thread-stand-in.mjs"));
    const inThread = await read(await drawInPool("drawCertificateInThread", { ...INPUT, ...images }, renderCertificatePdf));
    const here = await read(await renderCertificatePdf({ ...INPUT, ...images }));
    expect(inThread.text).toBe(here.text);
    expect(inThread.text).toContain("Ƙaura Ɗanjuma Ɓello");
    expect(inThread.ops.filter((op) => op === OPS.paintImageXObject)).toHaveLength(2);
  });
});
