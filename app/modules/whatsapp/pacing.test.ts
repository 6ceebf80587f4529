import { describe, expect, it } from "vitest";
import { virtualClock } from "#tests/support/virtual-clock.ts";
import { createPacer } from "./pacing";

describe("createPacer", () => {
  it("sends to one number one after the other, 6 seconds apart", async () => {
    const clock = virtualClock();
    const pacer = createPacer({ minGapPerKeyMs: 6000, maxPerSecond: 1000, clock });
    const order: string[] = [];
    const starts = await Promise.all(
      ["a", "b", "c"].map((name) =>
        pacer.run("2348031234567", async () => {
          order.push(`${name} starts`);
          await Promise.resolve();
          order.push(`${name} ends`);
          return clock.now();
        }),
      ),
    );
    expect(starts).toEqual([0, 6000, 12000]);
    expect(order).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
  });

  it("waits only for what is left of the gap, and not at all once it has passed", async () => {
    const clock = virtualClock();
    const pacer = createPacer({ minGapPerKeyMs: 6000, maxPerSecond: 1000, clock });
    await pacer.run("n", async () => undefined);
    clock.advance(4000);
    expect(await pacer.run("n", async () => clock.now())).toBe(6000);
    clock.advance(7000);
    const before = clock.sleeps.length;
    expect(await pacer.run("n", async () => clock.now())).toBe(13000);
    expect(clock.sleeps.length).toBe(before);
  });

  it("lets different numbers go together, spaced by the overall rate", async () => {
    const clock = virtualClock();
    const pacer = createPacer({ minGapPerKeyMs: 6000, maxPerSecond: 80, clock });
    const starts = await Promise.all(["1", "2", "3", "4"].map((key) => pacer.run(key, async () => clock.now())));
    expect(starts).toEqual([0, 12.5, 25, 37.5]);
  });

  it("keeps at most maxPerSecond starts in any second", async () => {
    const clock = virtualClock();
    const pacer = createPacer({ minGapPerKeyMs: 6000, maxPerSecond: 5, clock });
    const starts = await Promise.all(Array.from({ length: 20 }, (_, i) => pacer.run(`k${i}`, async () => clock.now())));
    for (const start of starts) expect(starts.filter((s) => s >= start && s < start + 1000).length).toBeLessThanOrEqual(5);
    expect(Math.max(...starts)).toBe(3800);
  });

  it("lets the next message go after a failed one, and passes the failure on", async () => {
    const clock = virtualClock();
    const pacer = createPacer({ minGapPerKeyMs: 6000, maxPerSecond: 1000, clock });
    const failed = pacer.run("n", async () => {
      throw new Error("refused");
    });
    const next = pacer.run("n", async () => clock.now());
    await expect(failed).rejects.toThrow("refused");
    expect(await next).toBe(6000);
  });

  it("forgets a number once its gap has passed and nothing waits for it", async () => {
    const clock = virtualClock();
    const pacer = createPacer({ minGapPerKeyMs: 6000, maxPerSecond: 1000, clock });
    await Promise.all(Array.from({ length: 50 }, (_, i) => pacer.run(`k${i}`, async () => undefined)));
    expect(pacer.size()).toBe(50);
    clock.advance(6000);
    await pacer.run("later", async () => undefined);
    expect(pacer.size()).toBe(1);
  });
});
