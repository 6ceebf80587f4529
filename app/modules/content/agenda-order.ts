import { agendaStartMinutes } from "./agenda-time";

// Does the agenda's order (the organisers') agree with its times? The times are free text
// ("8:00 AM - 9:00 AM", "Afternoon"): items whose time cannot be read are left where they
// are, following the item before them. Pure: the admin page and its action share it.

type Timed = { id: string; time: string };

const startOf = (item: Timed) => agendaStartMinutes(item.time);

/** The first place the order contradicts the times: an item above one that starts earlier. */
export function timeOrderConflict<T extends Timed>(items: readonly T[]): { above: T; below: T } | null {
  let latest: { item: T; start: number } | null = null;
  for (const item of items) {
    const start = startOf(item);
    if (start === null) continue;
    if (latest && start < latest.start) return { above: latest.item, below: item };
    if (!latest || start >= latest.start) latest = { item, start };
  }
  return null;
}

/** The items by start time, stably; one without a readable time keeps following the item it followed. */
export function orderByTime<T extends Timed>(items: readonly T[]): T[] {
  let previous = Number.NEGATIVE_INFINITY;
  const keyed = items.map((item, index) => {
    const start = startOf(item);
    if (start !== null) previous = start;
    return { item, index, key: start ?? previous };
  });
  keyed.sort((a, b) => a.key - b.key || a.index - b.index);
  return keyed.map((k) => k.item);
}
