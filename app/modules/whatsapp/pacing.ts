// How fast messages leave for Meta. Two of its limits, kept here rather than learnt from its
// refusals (a refusal costs a retry with back-off, and repeated ones lower the number's quality):
// - the pair rate limit (131056): Meta counts one message to the same number every 6 seconds,
//   with short bursts allowed. A ticket, then its reminder or a reply to a chat, can follow each
//   other closely; messages to one number go one after the other, each waiting out the rest of the
//   gap since the last one ended (the server uses 1 s: server/outbox.server.ts, so a chat's answers
//   come quickly; a 131056 is retried);
// - the number's throughput (130429): some 80 messages a second in all. Requests start at least
//   1/maxPerSecond apart.
// Per process: several instances sending at once would each keep to the limit (the outbox runs
// in one worker per instance; Meta's refusal, retried, covers the rest).

export type Clock = {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
};

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

type Lane = {
  /** settles when the last send queued for this number has finished */
  tail: Promise<void>;
  /** when the last send to this number finished (-Infinity before the first) */
  lastAt: number;
  /** sends queued or running for this number */
  pending: number;
};

export type Pacer = {
  /** Runs `send` once `key` (a phone number) and the overall rate allow it; resolves or rejects with it. */
  run: <T>(key: string, send: () => Promise<T>) => Promise<T>;
  /** numbers remembered now (for tests: they are forgotten once their gap has passed) */
  size: () => number;
};

export function createPacer(options: { minGapPerKeyMs: number; maxPerSecond: number; clock?: Clock }): Pacer {
  const clock = options.clock ?? realClock;
  const gap = options.minGapPerKeyMs;
  const spacing = options.maxPerSecond > 0 ? 1000 / options.maxPerSecond : 0;
  const lanes = new Map<string, Lane>();
  let nextStart = Number.NEGATIVE_INFINITY;
  let lastSweep = Number.NEGATIVE_INFINITY;

  // Forget the numbers nothing waits for and whose gap has passed, so a season of tickets does
  // not leave one entry per number behind. At most once per gap: the map holds only the numbers
  // of the last few seconds, so each sweep is short.
  const sweep = () => {
    const now = clock.now();
    if (now - lastSweep < gap) return;
    lastSweep = now;
    for (const [key, lane] of lanes) if (lane.pending === 0 && now - lane.lastAt >= gap) lanes.delete(key);
  };

  // The next free start in the overall spacing, taken at once so concurrent sends each get their own.
  const overallTurn = async () => {
    const now = clock.now();
    const start = Math.max(now, nextStart);
    nextStart = start + spacing;
    if (start > now) await clock.sleep(start - now);
  };

  return {
    run: async (key, send) => {
      sweep();
      let lane = lanes.get(key);
      if (!lane) {
        lane = { tail: Promise.resolve(), lastAt: Number.NEGATIVE_INFINITY, pending: 0 };
        lanes.set(key, lane);
      }
      const own = lane;
      own.pending += 1;
      const previous = own.tail;
      let finished = () => {};
      own.tail = new Promise<void>((resolve) => {
        finished = resolve;
      });
      try {
        await previous;
        const wait = own.lastAt + gap - clock.now();
        if (wait > 0) await clock.sleep(wait);
        await overallTurn();
        return await send();
      } finally {
        own.lastAt = clock.now();
        own.pending -= 1;
        finished();
      }
    },
    size: () => lanes.size,
  };
}
