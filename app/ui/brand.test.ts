import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCENT, BRAND } from "./brand";

describe("the brand's colours", () => {
  it("are the style sheet's, shade for shade", () => {
    const css = readFileSync(path.join(import.meta.dirname, "../app.css"), "utf8");
    const declared = (name: string) => css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, "i"))?.[1]?.toLowerCase();
    for (const [shade, hex] of Object.entries(BRAND)) expect(declared(`brand-${shade}`), `brand-${shade}`).toBe(hex);
    for (const [shade, hex] of Object.entries(ACCENT)) expect(declared(`accent-${shade}`), `accent-${shade}`).toBe(hex);
  });
});
