import { performance } from "node:perf_hooks";

// Timing for the admin bench: wall-clock percentiles and the process's own CPU time.

/** Wall-clock p50/p95; cpu50 is the bench process's own CPU time per run (for PGlite, the whole query). */
export type Stat = { p50: number; p95: number; cpu50: number; extra?: string };
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

/** `warmup` unmeasured runs, then `n` measured ones. */
export async function measure(run: () => Promise<unknown>, n: number, warmup: number): Promise<Stat> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), cpu50: percentile(cpu, 0.5) };
}

export async function csvBytes(stream: ReadableStream<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return bytes;
}

/** Each measurement's figures by its label, in the order measured. */
export type Results = Map<string, Stat>;
