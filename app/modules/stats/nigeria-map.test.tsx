import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { STATE_NAMES } from "~/modules/person/nigeria";
import { colorFor, colorScale, MAP_STATES, NigeriaMap, NO_REGISTRANTS_COLOR } from "./nigeria-map";

describe("MAP_STATES", () => {
  it("has exactly one shape for each of our 37 states, and no other", () => {
    expect(STATE_NAMES).toHaveLength(37);
    for (const state of STATE_NAMES)
      expect(
        MAP_STATES.filter((s) => s.state === state),
        state,
      ).toHaveLength(1);
    expect(MAP_STATES.map((s) => s.state).sort()).toEqual([...STATE_NAMES].sort());
  });
});

describe("colorScale", () => {
  it("has no buckets without registrants", () => {
    expect(colorScale(0)).toEqual([]);
  });

  it("never has more buckets than distinct counts, nor an empty one", () => {
    for (const max of [1, 2, 3, 4, 5, 6, 7, 12, 99, 10_000]) {
      const scale = colorScale(max);
      expect(scale.length).toBe(Math.min(5, max));
      expect(scale[0]?.from).toBe(1);
      expect(scale.at(-1)?.to).toBe(max);
      for (const [i, b] of scale.entries()) {
        expect(b.to, `max ${max}`).toBeGreaterThanOrEqual(b.from);
        if (i > 0) expect(b.from).toBe((scale[i - 1]?.to ?? 0) + 1);
      }
      expect(new Set(scale.map((b) => b.color)).size).toBe(scale.length);
    }
  });

  it("shades more registrants darker and none in grey", () => {
    const scale = colorScale(10);
    expect(scale.map((b) => [b.from, b.to])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 6],
      [7, 10],
    ]);
    expect(colorFor(0, scale)).toBe(NO_REGISTRANTS_COLOR);
    expect(colorFor(1, scale)).toBe("#bbf7d0");
    expect(colorFor(10, scale)).toBe("#166534");
  });

  it("tells the other states apart when one state has thousands", () => {
    const scale = colorScale(5_000);
    expect(scale.map((b) => [b.from, b.to])).toEqual([
      [1, 5],
      [6, 30],
      [31, 165],
      [166, 910],
      [911, 5_000],
    ]);
    const shades = [3, 12, 48, 200, 5_000].map((count) => colorFor(count, scale));
    expect(new Set(shades).size).toBe(5);
  });
});

describe("NigeriaMap", () => {
  it("shades states with registrants, titles every state and lists them in the table", () => {
    const html = renderToString(<NigeriaMap stateBreakdown={{ Zamfara: 4, "Federal Capital Territory": 1 }} />);
    expect(html.match(/<path /g)).toHaveLength(37);
    expect(html).toContain("<title>Zamfara: 4 registrants</title>");
    expect(html).toContain("<title>Federal Capital Territory: 1 registrant</title>");
    expect(html).toContain("<title>Nasarawa: 0 registrants</title>");
    expect(html).toMatch(/data-state="Zamfara" data-count="4"/);
    expect(html).toContain("View as table");
    expect(html).toMatch(/<th scope="row"[^>]*>Zamfara<\/th><td[^>]*>4<\/td>/);
    expect(html).not.toMatch(/<th scope="row"[^>]*>Nasarawa/);
  });

  it("says so when there is no state data", () => {
    const html = renderToString(<NigeriaMap stateBreakdown={{}} />);
    expect(html).toContain("No state data available");
    expect(html).not.toContain("<table");
  });
});
