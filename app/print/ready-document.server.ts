import PDFDocument from "pdfkit";
import type { PlacedLine, PrintFont } from "~/print/layout";
import { readyBadgeFonts } from "./fonts.server";

// A one-page document made for one person or one source (certificates, posters):
// the badges' fonts made ready once per process (badge-fonts.server.ts), registered under
// READY_FONTS' names, and the bytes collected as pdfkit writes them.

/** pdfkit's names, within such a document, for the two ready fonts. */
export const READY_FONTS: Record<PrintFont, string> = { regular: "ready-regular", bold: "ready-bold" };

export type ReadyDocument = {
  pdf: PDFKit.PDFDocument;
  /** The whole PDF, once `pdf.end()` has been called. */
  written: Promise<Buffer>;
};

export function readyFontDocument(options: { size: [number, number]; language: string; info: PDFKit.DocumentInfo }): ReadyDocument {
  const pdf = new PDFDocument({
    size: options.size,
    margin: 0,
    // No default font: pdfkit would load Helvetica's metrics for every document, to use none of it.
    font: "",
    lang: options.language,
    displayTitle: true,
    info: options.info,
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const written = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  // Registered under a name, a ready font is wrapped for this document once, not at each use.
  const fonts = readyBadgeFonts();
  // pdfkit takes a font already read as it takes its bytes; its types know only the bytes.
  for (const font of ["regular", "bold"] as const) pdf.registerFont(READY_FONTS[font], fonts[font] as unknown as Buffer);
  return { pdf, written };
}

/** Each line where its layout placed it, never broken by pdfkit. */
export function drawLines(pdf: PDFKit.PDFDocument, lines: readonly PlacedLine[]): void {
  for (const line of lines) {
    pdf
      .font(READY_FONTS[line.font])
      .fontSize(line.size)
      .fillColor(line.colour)
      .text(line.text, line.x, line.y, { lineBreak: false, characterSpacing: line.spacing });
  }
}
