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
