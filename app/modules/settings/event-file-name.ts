import { lagosDate } from "~/ui/date-time";

// Downloads are named after the event, so an organiser's folder of exports sorts by event
// and day: zamfara-youth-summit-attendees-2026-11-21.csv, …-badges-sheet-2026-11-21.pdf.

// Hausa's hooked letters have no decomposition to strip, so they are mapped by hand.
const HOOKED: Record<string, string> = { ƙ: "k", ɗ: "d", ɓ: "b", ƴ: "y" };

/** `<event slug>-<what>-<the day in Lagos>.<extension>`, in plain ASCII (any browser, any file system). */
export function eventFileName(eventName: string, what: string, extension: string, now: Date = new Date()): string {
  const slug =
    eventName
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[ƙɗɓƴ]/g, (c) => HOOKED[c] ?? "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "summit";
  return `${slug}-${what}-${lagosDate(now)}.${extension}`;
}
