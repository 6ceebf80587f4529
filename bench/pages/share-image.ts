import sharp from "sharp";
import type { ShareImageTexts } from "~/modules/share/share-image-layout.server";
import { logoPng } from "./sample-images";

// The share image (the picture WhatsApp, Facebook and X show with a link), for bench:pages:
// drawing it cold, with nothing of it made before, and serving it once made. Cold: the median
// of drawings for distinct settings (another event name each time, so another address and
// nothing reused but the font, which a server reads once), in the bench's process, with the
// logo the content site uses. Served: the landing page's og:image from the demo site, its first
// request (the server draws it: its first drawing, font included) and then from the cache.

export const SHARE_IMAGE_HEADING = "### Share image";
const COLD_RUNS = 9;
const CACHED_RUNS = 25;

export type ShareImageFigures = {
  width: number;
  height: number;
  format: string;
  bytes: number;
  /** the first drawing in the bench's process: reads and parses the font */
  firstInProcess: number;
  /** each later drawing for settings not drawn before */
  cold: number[];
  /** the server's first answer for the landing page's picture */
  servedFirst: number;
  /** later answers from the server's memory */
  servedCached: number[];
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

const TEXTS: ShareImageTexts = {
  eventName: "Zamfara Youth Summit",
  date: "Talata 12 Agusta, 2025",
  time: "8:00 AM - 5:00 PM",
  venue: "Zauren Taro, Sakatariyar Jiha, Gusau",
  organiser: "Gwamnatin Jihar Zamfara, ofishin matasa",
  free: "Rajista kyauta",
  host: "summit.example.org",
};

export async function measureShareImage(demoSite: string): Promise<ShareImageFigures> {
  const { drawShareImage } = await import("~/modules/share/share-image.server");
  // The logo as the server holds it: a stored WebP.
  const logo = await sharp(await logoPng(0, "ZYS"))
    .webp({ quality: 82 })
    .toBuffer();
  const first = await timed(() => drawShareImage({ ...TEXTS, eventName: "Zamfara Youth Summit 0" }, logo));
  const cold: number[] = [];
  for (let i = 1; i <= COLD_RUNS; i++)
    cold.push((await timed(() => drawShareImage({ ...TEXTS, eventName: `Zamfara Youth Summit ${i}` }, logo))).ms);

  const html = await (await fetch(`${demoSite}/`)).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  if (!image) throw new Error("the landing page names no og:image");
  const fetchImage = () => fetch(image).then(async (response) => Buffer.from(await response.arrayBuffer()));
  const servedFirst = await timed(fetchImage);
  const servedCached: number[] = [];
  for (let i = 0; i < CACHED_RUNS; i++) servedCached.push((await timed(fetchImage)).ms);
  const meta = await sharp(servedFirst.value).metadata();
  return {
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    format: meta.format ?? "",
    bytes: servedFirst.value.length,
    firstInProcess: first.ms,
    cold,
    servedFirst: servedFirst.ms,
    servedCached,
  };
}

export function shareImageReport(figures: ShareImageFigures, context: { date: string; load: string }): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const coldMedian = median(figures.cold);
  return [
    `- Date: ${context.date}; load average ${context.load} (2 shared cores: timings move between runs, bytes do not).`,
    "- Cold: drawing the picture for settings not drawn before (a new event name each time), the logo the content site uses" +
      ` composited, encoded as PNG; median of ${figures.cold.length} in the bench's process, after its first drawing (which also reads the font).` +
      " Served: the demo site's landing page's og:image over HTTP, its first request (the server draws today's pictures a few seconds after it starts, so even that one comes from memory) and then from the server's memory.",
    `- Target: cold ≤ 200 ms (${coldMedian <= 200 ? "met" : "**not met**"}), then from the cache; the picture 1200 × 630, PNG or JPEG, ≤ 300 KB.`,
    "",
    "| Measure | Time |",
    "|---|---|",
    `| Cold drawing, median of ${figures.cold.length} distinct settings | ${ms(coldMedian)} (min ${ms(Math.min(...figures.cold))}, max ${ms(Math.max(...figures.cold))}) |`,
    `| First drawing in a fresh process (reads the font) | ${ms(figures.firstInProcess)} |`,
    `| Served, first request to the server | ${ms(figures.servedFirst)} |`,
    `| Served from the cache, median of ${figures.servedCached.length} | ${ms(median(figures.servedCached))} |`,
    "",
    `The demo site's picture: ${figures.width} × ${figures.height} ${figures.format.toUpperCase()}, ${(figures.bytes / 1000).toFixed(1)} KB.`,
  ].join("\n");
}
