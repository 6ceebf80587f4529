// A part of a whole as the admin pages say it: "65%" in large, "312 of 480" beside it (the
// dashboard's Attended and Feedback, the Feedback page's rates). Whole percents: a figure for
// a glance, not a report.

const number = (n: number) => n.toLocaleString("en-US");

/** 65 for 312 of 480; 0 when there is no whole yet. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** "312 of 480" */
export function partOf(part: number, whole: number): string {
  return `${number(part)} of ${number(whole)}`;
}

/**
 * Whole percentages of `counts` that add up to exactly 100 (the largest remainder method: each
 * share rounded down, then the points left go to the largest remainders), all 0 without a total.
 * Rounding each share on its own gave the dashboard's gender split "63% / 38%" (101 %).
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total <= 0) return counts.map(() => 0);
  const exact = counts.map((n) => (n / total) * 100);
  const whole = exact.map(Math.floor);
  let left = 100 - whole.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact.map((value, i) => ({ i, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    whole[i] = (whole[i] ?? 0) + 1;
    left--;
  }
  return whole;
}
