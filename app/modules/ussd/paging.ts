import { SCREEN_MAX } from "./screen-text";

// A long list (37 states, up to 44 local governments) on screens of 160 characters: each page
// takes as many options as fit, at most MAX_OPTIONS, numbered from 1 on every page, with
// "98 More" under all but the last page and "0 Back" under every page. Pages are cut by
// characters, not by a fixed count, so short names share a screen and long ones
// ("Federal Capital Territory", "Birnin Magaji/Kiyaw") still fit.

/** More than 8 lines of options are hard to read on a small screen. */
export const MAX_OPTIONS = 8;
/** The answer that turns to the next page. */
export const MORE = "98";

export type PageFrame = {
  /** the characters every page spends besides the options: prefix, message, header, the Back line (with their line breaks) */
  fixed: number;
  /** the "98 More" line with its line break */
  moreLine: number;
};

/** The index of the first option of each page. */
export function pageStarts(options: readonly string[], frame: PageFrame): number[] {
  const starts: number[] = [];
  let start = 0;
  while (start < options.length) {
    starts.push(start);
    start += pageLength(options, start, frame);
  }
  return starts;
}

/** How many options the page starting at `start` holds (at least one). */
function pageLength(options: readonly string[], start: number, frame: PageFrame): number {
  let best = 1;
  let used = frame.fixed;
  for (let count = 1; count <= MAX_OPTIONS && start + count <= options.length; count++) {
    used += optionLine(count, options[start + count - 1] ?? "").length + 1;
    const last = start + count === options.length;
    // The last page has no "More" line, so one more option may fit there than on another page.
    if (used + (last ? 0 : frame.moreLine) <= SCREEN_MAX) best = count;
  }
  return best;
}

export function optionLine(number: number | string, label: string): string {
  return `${number} ${label}`;
}

/** The page (0-based) that shows option `index`. */
export function pageOf(starts: readonly number[], index: number): number {
  let page = 0;
  for (let p = 0; p < starts.length; p++) if ((starts[p] ?? 0) <= index) page = p;
  return page;
}
