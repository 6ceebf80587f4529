import { describe, expect, it } from "vitest";
import { containSize } from "./layout";

// A logo fitted into its room on a poster or a badge: as large as the room allows, never
// squeezed, whatever its shape.

describe("containSize", () => {
  const room = { width: 260, height: 84 };

  it.each([
    ["wide", { width: 1600, height: 200 }, { width: 260, height: 32.5 }],
    ["tall", { width: 150, height: 900 }, { width: 14, height: 84 }],
    ["square", { width: 400, height: 400 }, { width: 84, height: 84 }],
    ["small (enlarged)", { width: 26, height: 8.4 }, { width: 260, height: 84 }],
  ])("fits a %s image in its own proportions, touching the room on one side", (_, image, fitted) => {
    const size = containSize(image, room);
    expect(size.width).toBeCloseTo(fitted.width, 9);
    expect(size.height).toBeCloseTo(fitted.height, 9);
    expect(size.width / size.height).toBeCloseTo(image.width / image.height, 9);
    expect(size.width).toBeLessThanOrEqual(room.width + 1e-9);
    expect(size.height).toBeLessThanOrEqual(room.height + 1e-9);
  });

  it("has no size for an image without one", () => {
    expect(containSize({ width: 0, height: 300 }, room)).toEqual({ width: 0, height: 0 });
    expect(containSize({ width: 300, height: -1 }, room)).toEqual({ width: 0, height: 0 });
  });
});
