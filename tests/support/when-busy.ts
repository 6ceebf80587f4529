// A server shedding load answers 503 (server/load-shedding.ts), and the page tells the person
// to try again in a few seconds. Test clients that stand for people do what they would:
// send the same request again after a pause (a second or less here, to keep tests short).

const PAUSE_MS = { min: 250, max: 1_000 };

/** Sends until the answer is not a 503, or `maxTries` were sent; the last answer and how many were sent. */
export async function sendUntilNotBusy<Answer>(
  send: () => Promise<Answer>,
  statusOf: (answer: Answer) => number,
  maxTries = 20,
): Promise<{ answer: Answer; tries: number }> {
  for (let tries = 1; ; tries++) {
    const answer = await send();
    if (statusOf(answer) !== 503 || tries >= maxTries) return { answer, tries };
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS.min + Math.random() * (PAUSE_MS.max - PAUSE_MS.min)));
  }
}
