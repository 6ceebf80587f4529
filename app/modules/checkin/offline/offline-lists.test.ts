import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { messageKey } from "~/i18n/message-key";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { doorPublicKeys, signDoorCode } from "~/modules/tickets/ticket-token.server";
import { LIST_MESSAGES } from "../lists/list-messages";
import type { DoorGivingList, DoorList } from "./door-list-types";
import { buildSnapshot, decideScan, decideTicketId, giveFrom, markLocal, offlineCounts } from "./offline-door";
import { offlineListPage } from "./offline-list-page";
import { markGiven } from "./offline-lists";
import { searchOffline } from "./offline-search";

// Giving from a check-in list on the door's phone, without the server: the server's rules
// (give.server.ts) on the copy downloaded with the door's list, and the gives made here since.

const SECRET = "offline-lists-test-secret-0123456789abcdef";
// 08:00 in Lagos, the event's first day.
const GENERATED = Date.parse("2026-11-21T07:00:00.000Z");
const MINUTE = 60_000;
const DAY = 24 * 3_600_000;
const LUNCH = "0b6f1a52-94c1-4e1c-9a61-2a7b4f0d0001";
const BREAKFAST = "0b6f1a52-94c1-4e1c-9a61-2a7b4f0d0002";
const WATER = "0b6f1a52-94c1-4e1c-9a61-2a7b4f0d0003";
const KIT = "0b6f1a52-94c1-4e1c-9a61-2a7b4f0d0004";

function giving(id: string, change: Partial<DoorGivingList>): DoorGivingList {
  return {
    id,
    names: { en: "Lunch" },
    rule: "once",
    requiresEntrance: false,
    quantity: null,
    day: "2026-11-21",
    given: 0,
    gives: [],
    ...change,
  };
}

function makeDoor(lists?: (ids: Record<"danladi" | "aisha" | "hauwa" | "cancelled", string>) => DoorGivingList[]) {
  const ids = {
    danladi: generateTicketId(GENERATED - 30 * DAY),
    aisha: generateTicketId(GENERATED - 29 * DAY),
    hauwa: generateTicketId(GENERATED - 28 * DAY),
    cancelled: generateTicketId(GENERATED - 27 * DAY),
  };
  const list: DoorList = {
    generatedAt: new Date(GENERATED).toISOString(),
    edition: 1,
    attendees: [
      [ids.aisha, "Aisha Bashir", "", "Kano", "2026-11-21T07:40:00.000Z", "Gate A"],
      [ids.danladi, "Ɗanladi Ƙasimu", "Gusau Youth", "Zamfara", null, null],
      [ids.hauwa, "Hauwaʼu Ɓello", "", "Zamfara", null, null],
    ],
    cancelled: [ids.cancelled],
    deleteAfter: new Date(GENERATED + 2 * DAY).toISOString(),
    keys: doorPublicKeys(SECRET),
    lists: lists?.(ids),
  };
  return { list, ids };
}

const at = (ms: number) => new Date(ms).toISOString();

describe("giving from a list offline", () => {
  it("gives once, then says when and at which door, here or at the door the download named", () => {
    const { list, ids } = makeDoor((p) => [giving(LUNCH, { given: 1, gives: [[p.aisha, "2026-11-21T11:02:00.000Z", "Hall B"]] })]);
    const snapshot = buildSnapshot(list);
    const act = giveFrom(LUNCH, "en");
    const now = GENERATED + 5 * 3_600_000;

    const first = decideTicketId(snapshot, ids.danladi, "ticket-id", now, act);
    expect(first.outcome).toMatchObject({ status: "checked-in", list: "Lunch", message: LIST_MESSAGES.given("Lunch") });
    expect(first.record).toEqual({ ticketId: ids.danladi, ticket: ids.danladi, method: "ticket-id" });

    const downloaded = decideTicketId(snapshot, ids.aisha, "search", now, act);
    expect(downloaded.outcome).toMatchObject({
      status: "already",
      message: messageKey("door:lists.alreadyAt", { list: "Lunch", time: "12:02", door: "Hall B" }),
    });
    expect(downloaded.record).toBeUndefined();

    // What the runtime does once the give is queued: the next look sees it.
    markGivenHere(snapshot, LUNCH, ids.danladi, at(now), "Hall C");
    // Within the minute at the same phone (the QR code still in view): green again, nothing queued.
    const again = decideTicketId(snapshot, ids.danladi, "ticket-id", now + 20_000, act);
    expect(again.outcome).toMatchObject({ status: "checked-in", message: LIST_MESSAGES.givenJustNow("Lunch") });
    expect(again.record).toBeUndefined();
    const later = decideTicketId(snapshot, ids.danladi, "ticket-id", now + 5 * MINUTE, act);
    expect(later.outcome).toMatchObject({
      status: "already",
      message: messageKey("door:lists.alreadyAt", { list: "Lunch", time: "13:00", door: "Hall C" }),
    });
    // Giving is not letting in: the entrance's count stays.
    expect(offlineCounts(snapshot).checkedIn).toBe(1);
  });

  it("counts a quantity down from the download's figure and refuses at zero", () => {
    const { list, ids } = makeDoor(() => [giving(KIT, { names: { en: "Kit", ha: "Jaka" }, quantity: 3, given: 2 })]);
    const snapshot = buildSnapshot(list);
    const now = GENERATED + 3_600_000;
    const first = decideTicketId(snapshot, ids.danladi, "ticket-id", now, giveFrom(KIT, "ha"));
    expect(first.outcome).toMatchObject({ status: "checked-in", list: "Jaka", message: LIST_MESSAGES.givenLeft("Jaka", 0) });
    markGivenHere(snapshot, KIT, ids.danladi, at(now), "");
    const second = decideTicketId(snapshot, ids.hauwa, "ticket-id", now + MINUTE, giveFrom(KIT, "en"));
    expect(second.outcome).toMatchObject({ status: "refused", message: LIST_MESSAGES.noneLeft("Kit") });
    expect(second.record).toBeUndefined();
  });

  it("gives a once-a-day list again the next day, with the next day's quantity", () => {
    const { list, ids } = makeDoor((p) => [
      giving(BREAKFAST, {
        names: { en: "Breakfast" },
        rule: "daily",
        quantity: 2,
        given: 2,
        gives: [[p.danladi, "2026-11-21T07:30:00.000Z", "Gate A"]],
      }),
    ]);
    const snapshot = buildSnapshot(list);
    const act = giveFrom(BREAKFAST, "en");
    const today = GENERATED + 3_600_000;
    expect(decideTicketId(snapshot, ids.danladi, "ticket-id", today, act).outcome.status).toBe("already");
    expect(decideTicketId(snapshot, ids.hauwa, "ticket-id", today, act).outcome).toMatchObject({
      message: LIST_MESSAGES.noneLeft("Breakfast"),
    });

    const tomorrow = today + DAY;
    const next = decideTicketId(snapshot, ids.danladi, "ticket-id", tomorrow, act);
    expect(next.outcome).toMatchObject({ status: "checked-in", message: LIST_MESSAGES.givenLeft("Breakfast", 1) });
    markGivenHere(snapshot, BREAKFAST, ids.danladi, at(tomorrow), "Gate A");
    const page = offlineListPage(snapshot, doorUrl(BREAKFAST), [], "en", tomorrow + MINUTE);
    expect(page.list).toMatchObject({ given: 1, left: 1, doors: [{ door: "Gate A", count: 1 }] });
  });

  it("gives an any-number list each time asked, but not twice for one scan still in view", async () => {
    const { list, ids } = makeDoor(() => [giving(WATER, { names: { en: "Water" }, rule: "any", given: 40 })]);
    const snapshot = buildSnapshot(list);
    const act = giveFrom(WATER, "en");
    const code = signDoorCode(ids.danladi, SECRET);
    const first = await decideScan(snapshot, code, GENERATED, act);
    expect(first.record).toMatchObject({ ticketId: ids.danladi, method: "scan" });
    markGivenHere(snapshot, WATER, ids.danladi, at(GENERATED), "");
    const held = await decideScan(snapshot, code, GENERATED + 5_000, act);
    expect(held.outcome).toMatchObject({ status: "checked-in", message: LIST_MESSAGES.givenJustNow("Water") });
    expect(held.record).toBeUndefined();
    // Typed again on purpose: another bottle.
    expect(decideTicketId(snapshot, ids.danladi, "ticket-id", GENERATED + 6_000, act).record).toBeDefined();
    expect(offlineListPage(snapshot, doorUrl(WATER), [], "en", GENERATED).list).toMatchObject({ given: 41, left: null });
  });

  it("needs the entrance when the list does, as far as this phone knows (its own check-ins included)", () => {
    const { list, ids } = makeDoor(() => [giving(KIT, { names: { en: "Kit" }, requiresEntrance: true })]);
    const snapshot = buildSnapshot(list);
    const act = giveFrom(KIT, "en");
    const refused = decideTicketId(snapshot, ids.danladi, "ticket-id", GENERATED, act);
    expect(refused.outcome).toMatchObject({ status: "refused", message: messageKey("door:lists.needsEntranceOffline", { list: "Kit" }) });
    expect(decideTicketId(snapshot, ids.aisha, "ticket-id", GENERATED, act).record).toBeDefined();
    markLocal(snapshot, ids.danladi, at(GENERATED), "Gate A");
    expect(decideTicketId(snapshot, ids.danladi, "ticket-id", GENERATED + MINUTE, act).record).toBeDefined();
  });

  it("refuses a cancelled or unknown ticket as the entrance does, and a list the phone does not have", async () => {
    const { list, ids } = makeDoor(() => [giving(LUNCH, {})]);
    const snapshot = buildSnapshot(list);
    const act = giveFrom(LUNCH, "en");
    expect(decideTicketId(snapshot, ids.cancelled, "ticket-id", GENERATED, act).outcome).toMatchObject({
      status: "refused",
      message: messageKey("door:checkin.cancelledOffline", { ticketId: ids.cancelled }),
    });
    const stranger = generateTicketId(GENERATED - 40 * DAY);
    expect(decideTicketId(snapshot, stranger, "ticket-id", GENERATED, act).outcome.status).toBe("refused");
    expect(decideTicketId(snapshot, ids.danladi, "ticket-id", GENERATED, giveFrom(KIT, "en")).outcome).toMatchObject({
      status: "refused",
      message: "door:lists.needsNetwork",
    });
    // A copy downloaded before lists went offline has none.
    const older = buildSnapshot({ ...list, lists: undefined });
    expect(decideTicketId(older, ids.danladi, "ticket-id", GENERATED, act).outcome.message).toBe("door:lists.needsNetwork");
    // A genuine ticket issued after the download: given from, by its ID alone.
    const newer = generateTicketId(GENERATED + MINUTE);
    const scan = await decideScan(snapshot, signDoorCode(newer, SECRET), GENERATED + 2 * MINUTE, act);
    expect(scan.outcome).toMatchObject({ status: "checked-in", list: "Lunch" });
    expect(scan.record?.ticketId).toBe(newer);
  });

  it("rebuilds from the queue: a queued give marks the list, not the entrance", () => {
    const { list, ids } = makeDoor(() => [giving(LUNCH, { quantity: 10, given: 4 })]);
    const queue = [
      {
        id: crypto.randomUUID(),
        ticket: ids.danladi,
        method: "ticket-id" as const,
        at: at(GENERATED + MINUTE),
        door: "Hall C",
        list: LUNCH,
      },
      { id: crypto.randomUUID(), ticket: ids.hauwa, method: "search" as const, at: at(GENERATED + MINUTE), door: "Hall C", list: KIT },
    ];
    const snapshot = buildSnapshot(list, queue);
    expect(offlineCounts(snapshot).checkedIn).toBe(1);
    const found = searchOffline(snapshot, "Ɗanladi").rows;
    const page = offlineListPage(snapshot, doorUrl(LUNCH), found, "en", GENERATED + 2 * MINUTE);
    expect(page.list).toMatchObject({ name: "Lunch", given: 5, left: 5, doors: [{ door: "Hall C", count: 1 }] });
    expect(page.matches[0]).toMatchObject({ ticket_id: ids.danladi, checked_in_at: at(GENERATED + MINUTE), door: "Hall C" });
    expect(offlineListPage(snapshot, doorUrl(KIT), found, "en", GENERATED)).toMatchObject({ list: null, listGone: true });
    expect(offlineListPage(snapshot, new URL("http://door/admin/check-in"), found, "en", GENERATED)).toMatchObject({
      list: null,
      lists: [{ id: LUNCH, name: "Lunch" }],
    });
  });

  it("names any door a download carries, whatever its characters", () => {
    fc.assert(
      fc.property(hostileString, (door) => {
        const { list, ids } = makeDoor((p) => [giving(LUNCH, { gives: [[p.danladi, "2026-11-21T07:30:00.000Z", door]] })]);
        const answer = decideTicketId(buildSnapshot(list), ids.danladi, "ticket-id", GENERATED + DAY / 4, giveFrom(LUNCH, "en"));
        expect(answer.outcome.status).toBe("already");
        expect(answer.record).toBeUndefined();
      }),
      { numRuns: 50 },
    );
  });
});

function doorUrl(listId: string) {
  return new URL(`http://door/admin/check-in?list=${listId}`);
}

function markGivenHere(snapshot: ReturnType<typeof buildSnapshot>, listId: string, ticketId: string, when: string, door: string) {
  const list = snapshot.lists?.get(listId);
  if (!list) throw new Error(`no list ${listId}`);
  markGiven(list, ticketId, when, door);
}
