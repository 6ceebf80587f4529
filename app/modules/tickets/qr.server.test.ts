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

describe("qrPng encoding", () => {
  it("is a small two-colour PNG whose modules are whole pixels, centred in a white quiet zone", async () => {
    const bytes = await qrPng(TOKEN, { size: 301 });
    expect(bytes.length).toBeLessThan(2000);
    const png = PNG.sync.read(bytes);
    expect(png.width).toBe(301);
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4) colours.add(png.data[i] ?? -1);
    expect([...colours].sort()).toEqual([0, 255]);
    // Corners are quiet zone (white); the top-left finder pattern starts dark inside it.
    expect(png.data[0]).toBe(255);
    expect(png.data[(png.width * png.height - 1) * 4]).toBe(255);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(TOKEN);
  });

  it("decodes at the e-mail's size for many different tokens", async () => {
    for (let i = 0; i < 20; i++) {
      const token = `ZYS-MD3K2J1A-${String(i).padStart(6, "0")}.${"x".repeat(i * 3)}`;
      const png = PNG.sync.read(await qrPng(token));
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(token);
    }
  });
});
