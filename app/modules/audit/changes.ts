// What an edit changed, from what to what, as the Activity log keeps it: one entry per field, in
// the words of the form the change was made in. Values are kept as text, cut short, so a long
// description or a bio does not fill the log.

export type FieldChange = { field: string; label: string; from: string; to: string };

const MAX_VALUE_LENGTH = 160;

function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const cut = (text: string) => (text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text);

/**
 * The fields of `labels` whose value differs between `before` and `after` (compared as text, after
 * `show`, which may write a value as people read it: a date, a gender's name).
 */
export function fieldChanges<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  labels: Partial<Record<keyof T & string, string>>,
  show: (field: keyof T & string, value: unknown) => string = (_field, value) => asText(value),
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, label] of Object.entries(labels) as [keyof T & string, string][]) {
    if (after[field] === undefined) continue;
    const from = show(field, before[field]);
    const to = show(field, after[field]);
    if (from !== to) changes.push({ field, label, from: cut(from), to: cut(to) });
  }
  return changes;
}

/** 'Event date: "Thursday, 20 August 2026" → "Wednesday, 20 August 2025"' */
export function describeChange(change: FieldChange): string {
  const quoted = (value: string) => (value === "" ? "(empty)" : `"${value}"`);
  return `${change.label}: ${quoted(change.from)} → ${quoted(change.to)}`;
}
