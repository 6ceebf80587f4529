import { describe, expect, it } from "vitest";
import { waitForQuietLoop } from "./quiet-loop.server";

describe("waitForQuietLoop", () => {
  it("goes on after one look when the event loop is quiet", async () => {
    const looks: number[] = [];
    const waited = await waitForQuietLoop({
      sliceMs: 10,
      measure: async (ms) => {
        looks.push(ms);
        return 0.05;
      },
    });
    expect(looks).toEqual([10]);
    expect(waited).toEqual({ waitedMs: 10, busy: false });
  });

  it("waits while requests keep the loop busy, and stops waiting once they ease", async () => {
    const readings = [0.95, 0.9, 0.8, 0.3, 0.1];
    const waited = await waitForQuietLoop({ sliceMs: 10, measure: async () => readings.shift() ?? 0 });
    expect(waited).toEqual({ waitedMs: 40, busy: false });
    expect(readings).toEqual([0.1]);
  });

  it("never waits longer than maxWaitMs, so mail still moves under constant load", async () => {
    let looks = 0;
    const waited = await waitForQuietLoop({
      sliceMs: 10,
      maxWaitMs: 100,
      measure: async () => {
        looks++;
        return 1;
      },
    });
    expect(waited).toEqual({ waitedMs: 100, busy: true });
    expect(looks).toBe(10);
  });

  it("measures the real event loop: a busy loop is seen as busy, an idle one as idle", async () => {
    const hog = setInterval(() => {
      const until = performance.now() + 8;
      while (performance.now() < until) {
        // keep the event loop busy, as a burst of requests would
      }
    }, 1);
    try {
      expect(await waitForQuietLoop({ sliceMs: 30, maxWaitMs: 90 })).toEqual({ waitedMs: 90, busy: true });
    } finally {
      clearInterval(hog);
    }
    expect(await waitForQuietLoop({ sliceMs: 30, maxWaitMs: 90 })).toEqual({ waitedMs: 30, busy: false });
  });
});
