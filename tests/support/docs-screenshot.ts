import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { test } from "./fixtures";

// The screenshots the docs show are taken by the tests that reach those screens. A normal run
// keeps them with the test's results (and attached to the report), so running the suite leaves
// the checkout clean; `DOCS_SCREENSHOTS=1 npx playwright test …` writes them into docs/screenshots.

export async function docsScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const file = process.env.DOCS_SCREENSHOTS ? path.join("docs/screenshots", name) : test.info().outputPath(name);
  const shot =
    "goto" in target ? await target.screenshot({ path: file, fullPage: options.fullPage }) : await target.screenshot({ path: file });
  await test.info().attach(name, { body: shot, contentType: "image/png" });
}

/** A picture made otherwise (a PDF's page rendered by pdf-viewer.ts): kept as docsScreenshot keeps a screenshot. */
export async function docsImage(png: Buffer, name: string): Promise<void> {
  const file = process.env.DOCS_SCREENSHOTS ? path.join("docs/screenshots", name) : test.info().outputPath(name);
  await writeFile(file, png);
  await test.info().attach(name, { body: png, contentType: "image/png" });
}
