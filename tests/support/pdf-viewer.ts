import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext } from "@playwright/test";

// Renders a PDF the way a browser shows it: pdf.js (pdfjs-dist's browser build) in a page of
// the test's Chromium, each page drawn into a <canvas>. Node has no canvas of its own, and the
// browser is what an organiser prints from. The page, pdf.js and the PDF are served by
// Playwright's routing on an origin of their own, so nothing touches the site under test.

const ORIGIN = "http://pdf-viewer.test";
const require = createRequire(import.meta.url);
const PDFJS = {
  "/pdf.mjs": require.resolve("pdfjs-dist/build/pdf.mjs"),
  "/pdf.worker.mjs": require.resolve("pdfjs-dist/build/pdf.worker.mjs"),
};
const VIEWER = `<!doctype html><meta charset="utf-8"><title>PDF</title><body style="margin:0;background:#888">
<script type="module">
  import * as pdfjs from "/pdf.mjs";
  pdfjs.GlobalWorkerOptions.workerSrc = "/pdf.worker.mjs";
  window.pdfjs = pdfjs;
</script></body>`;

/** A text item as pdf.js extracts it; `x`, `top` in PDF points from the page's top left. */
type PdfTextItem = { str: string; x: number; top: number };
/** A rendered page: its size in points, its text, and the picture as PNG (`scale` pixels a point). */
export type RenderedPage = { width: number; height: number; items: PdfTextItem[]; png: Buffer };

type PdfjsWindow = {
  pdfjs: {
    getDocument: (src: string) => { promise: Promise<PdfjsDocument> };
  };
};
type PdfjsDocument = { numPages: number; getPage: (n: number) => Promise<PdfjsPage>; destroy: () => Promise<void> };
type PdfjsPage = {
  view: number[];
  getViewport: (options: { scale: number }) => { width: number; height: number };
  render: (options: { canvasContext: CanvasRenderingContext2D; viewport: unknown; canvas: HTMLCanvasElement }) => {
    promise: Promise<void>;
  };
  getTextContent: () => Promise<{ items: { str?: string; transform?: number[] }[] }>;
};

/** Every page of `pdf`, rendered at `scale` in a new page of `context` (closed afterwards). */
export async function renderPdf(context: BrowserContext, pdf: Buffer, scale: number): Promise<RenderedPage[]> {
  const page = await context.newPage();
  try {
    await page.route(`${ORIGIN}/**`, async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === "/document.pdf") return route.fulfill({ body: pdf, contentType: "application/pdf" });
      const file = PDFJS[pathname as keyof typeof PDFJS];
      if (file) return route.fulfill({ body: readFileSync(file), contentType: "text/javascript" });
      return route.fulfill({ body: VIEWER, contentType: "text/html" });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => "pdfjs" in window);
    const pages = await page.evaluate(async (scale) => {
      const { pdfjs } = window as unknown as PdfjsWindow;
      const document_ = await pdfjs.getDocument("/document.pdf").promise;
      const out: { width: number; height: number; items: PdfTextItem[]; png: string }[] = [];
      for (let n = 1; n <= document_.numPages; n++) {
        const pdfPage = await document_.getPage(n);
        const [, , width = 0, height = 0] = pdfPage.view;
        const viewport = pdfPage.getViewport({ scale });
        const canvas = document.createElement("canvas");
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        document.body.append(canvas);
        const context2d = canvas.getContext("2d");
        if (!context2d) throw new Error("no 2D canvas");
        await pdfPage.render({ canvasContext: context2d, viewport, canvas }).promise;
        const { items } = await pdfPage.getTextContent();
        out.push({
          width,
          height,
          items: items.flatMap((item) =>
            item.str?.trim() && item.transform
              ? [{ str: item.str, x: item.transform[4] ?? 0, top: height - (item.transform[5] ?? 0) }]
              : [],
          ),
          png: canvas.toDataURL("image/png").slice("data:image/png;base64,".length),
        });
        canvas.remove();
      }
      await document_.destroy();
      return out;
    }, scale);
    return pages.map((p) => ({ ...p, png: Buffer.from(p.png, "base64") }));
  } finally {
    await page.close();
  }
}
