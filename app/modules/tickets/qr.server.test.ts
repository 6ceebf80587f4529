import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { qrPng, qrSvg } from "./qr.server";

const TOKEN = "ZYS-MD3K2J1A-ABC123.abcdefghijklmnopqrstuv";

describe("qrPng", () => {
  it("draws a PNG of the requested size that decodes back to the text", async () => {
    const png = PNG.sync.read(await qrPng(TOKEN, { size: 300 }));
    expect(png.width).toBe(300);
    expect(png.height).toBe(300);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(TOKEN);
  });

  it("defaults to 480 pixels, sharp on high-density screens at 240", async () => {
    expect(PNG.sync.read(await qrPng(TOKEN)).width).toBe(480);
  });
});

describe("qrSvg", () => {
  it("is a scalable, crisp SVG with no fixed size", async () => {
    const svg = await qrSvg(TOKEN);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('shape-rendering="crispEdges"');
    expect(svg).not.toMatch(/<svg [^>]*width=/);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg.length).toBeLessThan(4000);
  });
});
