// When an agenda item starts, read from its free-text time ("12:30 PM - 1:30 PM", "9am",
// "Afternoon"): the agenda's times stay text the organisers type, and the admin screen orders
// the items by them (agenda-order.ts). The event's own hours are time columns (settings/event-hours).

type Token = { hour: number; minute: number; meridiem: "am" | "pm" | null };

// "8:00 AM", "8am", "8.30 p.m.", "17:00", "noon", and a bare hour only where a range continues
// with a time ("10 - 2 PM"). Other bare numbers are not times: "12 August" must not be read as one.
const TIME_TOKEN = new RegExp(
  [
    String.raw`\b(?<h12>\d{1,2})(?:[:.](?<m12>\d{2}))?\s*(?<ap>[ap])\.?\s*m\b\.?`,
    String.raw`(?<![\d.:])\b(?<h24>\d{1,2})[:.](?<m24>\d{2})(?![:.]?\d)`,
    String.raw`\b(?<bare>\d{1,2})(?=\s*(?:[-–—]|to\b)\s*\d{1,2}(?:[:.]\d{2})?\s*[ap]\.?\s*m\b)`,
    String.raw`\b(?<word>noon|midday|midnight)\b`,
  ].join("|"),
  "gi",
);

function readToken(match: RegExpExecArray): Token | null {
  const { h12, m12, ap, h24, m24, bare, word } = match.groups ?? {};
  if (word) return word.toLowerCase() === "midnight" ? { hour: 0, minute: 0, meridiem: "am" } : { hour: 12, minute: 0, meridiem: "pm" };
  if (h12 !== undefined && ap) {
    const hour = Number(h12);
    const minute = Number(m12 ?? 0);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    const meridiem = ap.toLowerCase() === "p" ? "pm" : "am";
    return { hour: (hour % 12) + (meridiem === "pm" ? 12 : 0), minute, meridiem };
  }
  const hour = Number(h24 ?? bare);
  const minute = Number(m24 ?? 0);
  if (hour > 23 || minute > 59) return null;
  return { hour, minute, meridiem: null };
}

/** Minutes after midnight at which an agenda item's time starts, or null when it names no time. */
export function agendaStartMinutes(text: string): number | null {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TIME_TOKEN)) {
    const token = readToken(match);
    if (token) tokens.push(token);
    if (tokens.length === 2) break;
  }
  const [first, second] = tokens;
  if (!first) return null;
  const start = first.hour * 60 + first.minute;
  // "1:00 - 4:00 PM": the start shares the end's PM when that keeps it first.
  if (second && first.meridiem === null && second.meridiem === "pm" && first.hour < 12 && start + 720 < second.hour * 60 + second.minute) {
    return start + 720;
  }
  return start;
}
