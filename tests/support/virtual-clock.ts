// A clock for code that takes `now` and `sleep` (the WhatsApp transport's pacing): its sleeps
// pass at once, in the order they end, each moving the time to its end, so a test of waits of
// seconds runs in milliseconds and reads exact times. Between two sleeps ending, whatever the
// first one's end let run gets a turn of the event loop.

export type VirtualClock = {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** every sleep asked for, in milliseconds, in the order asked */
  sleeps: number[];
  /** moves the time on, as if nothing ran for `ms` */
  advance: (ms: number) => void;
};

export function virtualClock(start = 0): VirtualClock {
  let time = start;
  const sleeps: number[] = [];
  const timers: { until: number; resolve: () => void }[] = [];
  let pumping = false;
  const step = () => {
    timers.sort((a, b) => a.until - b.until);
    const next = timers.shift();
    if (!next) {
      pumping = false;
      return;
    }
    time = Math.max(time, next.until);
    next.resolve();
    setImmediate(step);
  };
  return {
    now: () => time,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        sleeps.push(ms);
        timers.push({ until: time + ms, resolve });
        if (!pumping) {
          pumping = true;
          setImmediate(step);
        }
      }),
    sleeps,
    advance: (ms) => {
      time += ms;
    },
  };
}
