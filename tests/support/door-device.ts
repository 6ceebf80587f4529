import type { DoorList } from "~/modules/checkin/offline/door-list-types";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { doorPublicKeys } from "~/modules/tickets/ticket-token.server";

// The door page's browser pieces that Node lacks, and a list as the server sends it: for the tests
// of the door's offline runtime and of its route's client action.

export const DOOR_SECRET = "door-runtime-test-secret-0123456789abcdef";
export const LIST_GENERATED = Date.parse("2026-11-21T07:00:00.000Z");
export const DAY = 24 * 3_600_000;

export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** `document.cookie` as a browser keeps it: each assignment sets one cookie (its attributes dropped); every one written is kept in `written`. */
export function cookieJar() {
  const cookies = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    },
  };
}

/** Two attendees (one with Hausa letters), neither checked in, the list made at LIST_GENERATED. */
export function makeDoorList(deleteAfter = LIST_GENERATED + 2 * DAY): { list: DoorList; danladi: string; aisha: string } {
  const danladi = generateTicketId(LIST_GENERATED - 30 * DAY);
  const aisha = generateTicketId(LIST_GENERATED - 29 * DAY);
  return {
    danladi,
    aisha,
    list: {
      generatedAt: new Date(LIST_GENERATED).toISOString(),
      edition: 1,
      attendees: [
        [aisha, "Aisha Bashir", "", "Kano", null, null],
        [danladi, "Ɗanladi Ƙasimu", "Gusau Youth", "Zamfara", null, null],
      ],
      cancelled: [],
      deleteAfter: new Date(deleteAfter).toISOString(),
      keys: doorPublicKeys(DOOR_SECRET),
    },
  };
}

export function formOf(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}
