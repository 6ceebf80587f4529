import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { test } from "./fixtures";

// What a first visit to a page downloads, with an empty cache: every script's body compressed
// with gzip -9 (as the budget counts JavaScript), and the total Chromium received, headers
// included. Shared by the page-weight budget and the pages that assert their own.

type Weight = { javaScript: number; total: number; scripts: string[] };

export async function firstVisit(page: Page, path: string): Promise<Weight> {
  const pending: Promise<{ url: string; script: boolean; gzip: number; transfer: number }>[] = [];
  page.on("requestfinished", (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        const script = request.resourceType() === "script";
        return {
          url: request.url(),
          script,
          gzip: script ? gzipSync(body, { level: 9 }).length : 0,
          transfer: sizes.responseBodySize + sizes.responseHeadersSize,
        };
      })(),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  const loaded = await Promise.all(pending);
  const scripts = loaded.filter((r) => r.script);
  const weight = {
    javaScript: scripts.reduce((sum, r) => sum + r.gzip, 0),
    total: loaded.reduce((sum, r) => sum + r.transfer, 0),
    scripts: scripts.map((r) => new URL(r.url).pathname),
  };
  test.info().annotations.push({ type: "weight", description: `${path}: ${JSON.stringify(weight)}` });
  return weight;
}
