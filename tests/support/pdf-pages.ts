import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// A PDF as the server streams it, read back with pdf.js in a vitest test: its bytes, then each
// page's size and text items (the badges' layout test places them; others only read the words).

/** Every chunk of a streamed download, in one buffer. */
export async function streamBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(chunk);
  return Buffer.concat(parts);
}

type PdfText = { str: string; x: number; top: number };
export type PdfPage = { width: number; height: number; items: PdfText[] };

/** Each page's size and its text items, with `top` measured from the top of the page like the layouts. */
export async function readPdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const [, , width = 0, height = 0] = page.view;
      const { items } = await page.getTextContent();
      const texts = items.flatMap((item) =>
        "str" in item && item.str.trim()
          ? [{ str: item.str, x: item.transform[4] as number, top: height - (item.transform[5] as number) }]
          : [],
      );
      pages.push({ width, height, items: texts });
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
