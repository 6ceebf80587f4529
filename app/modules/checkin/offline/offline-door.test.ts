import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { keyMatches, searchWords } from "~/db/search-key";
import { messageKey } from "~/i18n/message-key";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { doorPublicKeys, signDoorCode, signToken } from "~/modules/tickets/ticket-token.server";
import type { DoorList, DoorListRow, QueuedCheckIn } from "./door-list-types";
import { buildSnapshot, decideScan, decideTicketId, ISSUED_MARGIN_MS, issuedAt, markLocal, offlineCounts } from "./offline-door";
import { searchOffline } from "./offline-search";

const search = (...args: Parameters<typeof searchOffline>) => searchOffline(...args).rows;

// The door's answers without the server, from a list made here as the server makes it (keys
// included): the same rules as online, plus the one only offline needs (a genuine ticket missing
// from the list is admitted only if it was issued after the list).

const SECRET = "offline-door-test-secret-0123456789abcdef";
const GENERATED = Date.parse("2026-11-21T07:00:00.000Z");
const DAY = 24 * 3_600_000;

type People = {
  danladi: string;
  naAllah: string;
  adebayo: string;
  aisha: string;
  cancelled: string;
};

/** A door's list of a few people, two of them in already (one at a named door), and one cancelled ticket. */
function makeList(extra: DoorListRow[] = []): { list: DoorList; ids: People } {
  const ids: People = {
    danladi: generateTicketId(GENERATED - 30 * DAY),
    naAllah: generateTicketId(GENERATED - 29 * DAY),
    adebayo: generateTicketId(GENERATED - 28 * DAY),
    aisha: generateTicketId(GENERATED - 27 * DAY),
    cancelled: generateTicketId(GENERATED - 26 * DAY),
  };
  const attendees: DoorListRow[] = [
    // Written with a combining grave and dot below, as a phone keyboard may send them.
    [ids.adebayo, "Oluwaseun Ade\u0301ba\u0301yo\u0323\u0300", "Lagos Youth Forum", "Lagos", null, null],
    [ids.aisha, "Aisha Bashir", "", "Kano", "2026-11-21T07:40:00.000Z", null, "Secretary", "Nassarawa", "207"],
    [ids.danladi, "Ɗanladi Ƙasimu", "Gusau Youth", "Zamfara", null, null],
    [ids.naAllah, "Umar Faruk Na’Allah", "", "Zamfara", "2026-11-21T08:05:00.000Z", "Gate A"],
    ...extra,
  ];
  return {
    ids,
    list: {
      generatedAt: new Date(GENERATED).toISOString(),
      edition: 3,
      attendees,
      cancelled: [ids.cancelled],
      deleteAfter: new Date(GENERATED + 2 * DAY).toISOString(),
      keys: doorPublicKeys(SECRET),
    },
  };
}

const hmacCode = (ticketId: string) => signToken("door", ticketId, SECRET, /^[0-9A-Z-]+$/);

describe("decideTicketId", () => {
  it("admits a listed ticket once, then answers amber naming the door and the time", () => {
    const { list, ids } = makeList();
    const snapshot = buildSnapshot(list);
    const first = decideTicketId(snapshot, ids.danladi);
    expect(first.outcome).toMatchObject({ status: "checked-in", attendee: { ticket_id: ids.danladi, full_name: "Ɗanladi Ƙasimu" } });
    expect(first.outcome.message).toBe(messageKey("door:checkin.checkedIn", { name: "Ɗanladi Ƙasimu" }));
    expect(first.record).toEqual({ ticketId: ids.danladi, ticket: ids.danladi, method: "ticket-id" });

    // The runtime marks the person once the check-in is queued.
    markLocal(snapshot, ids.danladi, "2026-11-21T09:12:00.000Z", "Gate B");
    const second = decideTicketId(snapshot, ids.danladi, "search");
    expect(second.outcome.status).toBe("already");
    expect(second.outcome.message).toBe(messageKey("door:checkin.alreadyAt", { time: "10:12", door: "Gate B" }));
    expect(second.record).toBeUndefined();
  });

  it("answers amber for those in already by the list: with the door when it has one, the time alone otherwise", () => {
    const { list, ids } = makeList();
    const snapshot = buildSnapshot(list);
    expect(decideTicketId(snapshot, ids.naAllah).outcome).toMatchObject({
      status: "already",
      message: messageKey("door:checkin.alreadyAt", { time: "09:05", door: "Gate A" }),
    });
    expect(decideTicketId(snapshot, ids.aisha).outcome).toMatchObject({
      status: "already",
      message: messageKey("door:checkin.already", { time: "08:40" }),
    });
  });

  it("refuses a cancelled ticket, naming it", () => {
    const { list, ids } = makeList();
    const decision = decideTicketId(buildSnapshot(list), ids.cancelled);
    expect(decision).toEqual({
      outcome: { status: "refused", message: messageKey("door:checkin.cancelledOffline", { ticketId: ids.cancelled }) },
    });
  });

  it("refuses a ticket ID the list does not hold, and text that is no ticket ID", () => {
    const { list } = makeList();
    const unknown = generateTicketId(GENERATED - DAY);
    expect(decideTicketId(buildSnapshot(list), unknown).outcome).toEqual({
      status: "refused",
      message: messageKey("door:checkin.unknownTicketId", { ticketId: unknown }),
    });
    expect(decideTicketId(buildSnapshot(list), "  Ɗanladi  ").outcome).toEqual({
      status: "refused",
      message: messageKey("door:checkin.unknownTicketId", { ticketId: "Ɗanladi" }),
    });
  });

  it("offers the list's tickets one character from a typed ID it does not hold, as the server does, and admits only the one confirmed", () => {
    const { list, ids } = makeList();
    const snapshot = buildSnapshot(list);
    const flip = (c: string) => (c === "Z" ? "Y" : "Z");
    const [, time = "", random = ""] = ids.danladi.split("-");
    const slipInRandom = `ZYS-${time}-${random.slice(0, 5)}${flip(random.at(-1) ?? "")}`;
    const slipInTime = `ZYS-${flip(time[0] ?? "")}${time.slice(1)}-${random}`;
    for (const slip of [slipInRandom, slipInTime, slipInRandom.toLowerCase().replaceAll("-", " ")]) {
      const decision = decideTicketId(snapshot, slip);
      expect(decision.record, slip).toBeUndefined();
      expect(decision.outcome, slip).toEqual({
        status: "refused",
        message: messageKey("door:checkin.unknownTicketId", { ticketId: slip.toUpperCase().replace(/ /g, "-") }),
        suggestions: [{ ticket_id: ids.danladi, full_name: "Ɗanladi Ƙasimu" }],
      });
    }
    // Two characters off, or one off in both parts: no one is offered.
    const twoOff = `ZYS-${time}-${random.slice(0, 4)}${flip(random[4] ?? "")}${flip(random.at(-1) ?? "")}`;
    expect(decideTicketId(snapshot, twoOff).outcome).not.toHaveProperty("suggestions");
    // Picked from the search: an exact ID, never a guess.
    expect(decideTicketId(snapshot, slipInRandom, "search").outcome).not.toHaveProperty("suggestions");
    // The volunteer confirms the offered ticket: it is admitted, once.
    expect(decideTicketId(snapshot, ids.danladi).outcome.status).toBe("checked-in");
  });

  it("offers nobody for a slip of a ticket without a name to check, or of a cancelled one", () => {
    const nameless = generateTicketId(GENERATED - 2 * DAY);
    const { list, ids } = makeList([[nameless, "", "", "", null, null]]);
    const snapshot = buildSnapshot(list);
    const slipOf = (id: string) => `${id.slice(0, -1)}${id.at(-1) === "Z" ? "Y" : "Z"}`;
    expect(decideTicketId(snapshot, slipOf(nameless)).outcome).not.toHaveProperty("suggestions");
    expect(decideTicketId(snapshot, slipOf(ids.cancelled)).outcome).not.toHaveProperty("suggestions");
  });

  it("reads a ticket ID typed in any case, with spaces or without its prefix", () => {
    const { list, ids } = makeList();
    const [, time, random] = ids.danladi.split("-");
    for (const typed of [ids.danladi.toLowerCase(), ` ${ids.danladi} `, `zys ${time} ${random}`, `${time}${random}`.toLowerCase()]) {
      const decision = decideTicketId(buildSnapshot(list), typed);
      expect(decision.outcome.status, typed).toBe("checked-in");
      expect(decision.record?.ticketId).toBe(ids.danladi);
    }
  });
});

describe("decideScan", () => {
  it("admits a genuine code in the list and records the code as scanned", async () => {
    const { list, ids } = makeList();
    const code = signDoorCode(ids.danladi, SECRET);
    const decision = await decideScan(buildSnapshot(list), code);
    expect(decision.outcome).toMatchObject({ status: "checked-in", attendee: { ticket_id: ids.danladi } });
    expect(decision.record).toEqual({ ticketId: ids.danladi, ticket: code, method: "scan" });
  });

  it("reads the code out of a scanned ticket page URL", async () => {
    const { list, ids } = makeList();
    const code = signDoorCode(ids.danladi, SECRET);
    const decision = await decideScan(buildSnapshot(list), `https://summit.example.org/tickets/${encodeURIComponent(code)}?from=qr`);
    expect(decision.outcome.status).toBe("checked-in");
    expect(decision.record?.ticket).toBe(code);
  });

  it("answers amber for a genuine code of someone in already", async () => {
    const { list, ids } = makeList();
    expect((await decideScan(buildSnapshot(list), signDoorCode(ids.naAllah, SECRET))).outcome.status).toBe("already");
  });

  it("keeps the green card for a code this door admitted under a minute ago, queuing nothing; amber after, and for the list's own", async () => {
    const { list, ids } = makeList();
    const snapshot = buildSnapshot(list);
    const code = signDoorCode(ids.danladi, SECRET);
    const at = Date.parse("2026-11-21T09:00:00.000Z");
    markLocal(snapshot, ids.danladi, new Date(at).toISOString(), "Gate B");
    const again = await decideScan(snapshot, code, at + 55_000);
    expect(again.outcome).toMatchObject({
      status: "checked-in",
      attendee: { ticket_id: ids.danladi, full_name: "Ɗanladi Ƙasimu" },
      message: messageKey("door:checkin.checkedInJustNow", { name: "Ɗanladi Ƙasimu" }),
    });
    expect(again.record).toBeUndefined();
    expect((await decideScan(snapshot, code, at + 60_000)).outcome.status).toBe("already");
    // In by the downloaded list (another door, or this one before the download): amber at once.
    expect((await decideScan(snapshot, signDoorCode(ids.naAllah, SECRET), Date.parse("2026-11-21T08:05:10.000Z"))).outcome.status).toBe(
      "already",
    );
  });

  it("refuses a genuine code of a cancelled ticket", async () => {
    const { list, ids } = makeList();
    expect((await decideScan(buildSnapshot(list), signDoorCode(ids.cancelled, SECRET))).outcome).toEqual({
      status: "refused",
      message: messageKey("door:checkin.cancelledOffline", { ticketId: ids.cancelled }),
    });
  });

  it("admits a genuine ticket issued after the list, saying it is new", async () => {
    const { list } = makeList();
    const snapshot = buildSnapshot(list);
    for (const issued of [GENERATED + 60_000, GENERATED - ISSUED_MARGIN_MS + 1_000]) {
      const ticketId = generateTicketId(issued);
      const code = signDoorCode(ticketId, SECRET);
      const decision = await decideScan(snapshot, code);
      expect(decision.outcome).toEqual({
        status: "checked-in",
        attendee: { id: ticketId, full_name: "", organization: "", position: "", state: "", ticket_id: ticketId },
        message: messageKey("door:checkin.newTicket", { ticketId }),
      });
      expect(decision.record).toEqual({ ticketId, ticket: code, method: "scan" });
    }
  });

  it("refuses a genuine ticket missing from the list and issued well before it", async () => {
    const { list } = makeList();
    for (const ticketId of [generateTicketId(GENERATED - ISSUED_MARGIN_MS - 60_000), generateTicketId(GENERATED - DAY), "LEGACY-42"]) {
      expect((await decideScan(buildSnapshot(list), signDoorCode(ticketId, SECRET))).outcome).toEqual({
        status: "refused",
        message: messageKey("door:checkin.notOnList", { ticketId }),
      });
    }
  });

  it("refuses a forged code, and a genuine one of another event", async () => {
    const { list, ids } = makeList();
    const code = signDoorCode(ids.danladi, SECRET);
    for (const forged of [
      `${code.slice(0, -2)}${code.at(-2) === "A" ? "B" : "A"}${code.at(-1)}`,
      signDoorCode(ids.danladi, `${SECRET}-other`),
    ]) {
      expect(await decideScan(buildSnapshot(list), forged)).toEqual({ outcome: { status: "refused", message: "door:checkin.forged" } });
    }
  });

  it("admits an HMAC code (before Ed25519) whose ticket is listed, and refuses one whose ticket is not", async () => {
    const { list, ids } = makeList();
    const decision = await decideScan(buildSnapshot(list), hmacCode(ids.danladi));
    expect(decision.outcome.status).toBe("checked-in");
    expect(decision.record).toEqual({ ticketId: ids.danladi, ticket: hmacCode(ids.danladi), method: "scan" });
    // Not even a ticket issued after the list: only the server can check an HMAC.
    for (const ticketId of [generateTicketId(GENERATED - DAY), generateTicketId(GENERATED + 60_000)]) {
      expect((await decideScan(buildSnapshot(list), hmacCode(ticketId))).outcome).toEqual({
        status: "refused",
        message: messageKey("door:checkin.unknownTicketId", { ticketId }),
      });
    }
  });
});

describe("buildSnapshot with the device's own check-ins", () => {
  const queuedItem = (ticket: string, door = "Gate B", method: QueuedCheckIn["method"] = "scan"): QueuedCheckIn => ({
    id: crypto.randomUUID(),
    ticket,
    method,
    at: "2026-11-21T09:30:00.000Z",
    door,
  });

  it("shows queued check-ins (codes, URLs and typed IDs) as in already", async () => {
    const { list, ids } = makeList();
    const snapshot = buildSnapshot(list, [
      queuedItem(signDoorCode(ids.danladi, SECRET)),
      queuedItem(`https://summit.example.org/tickets/${hmacCode(ids.adebayo)}`),
      queuedItem(ids.cancelled.toLowerCase(), "", "ticket-id"),
    ]);
    expect(decideTicketId(snapshot, ids.danladi).outcome).toMatchObject({
      status: "already",
      message: messageKey("door:checkin.alreadyAt", { time: "10:30", door: "Gate B" }),
    });
    expect((await decideScan(snapshot, hmacCode(ids.adebayo))).outcome.status).toBe("already");
    // The list wins: one in already keeps their door and time, a cancelled ticket stays refused.
    expect(buildSnapshot(list, [queuedItem(ids.naAllah)]).people.get(ids.naAllah)).toMatchObject({
      door: "Gate A",
      checkedInAt: "2026-11-21T08:05:00.000Z",
    });
    expect(decideTicketId(snapshot, ids.cancelled).outcome.status).toBe("refused");
  });

  it("keeps a ticket issued after the list and admitted here in, when the snapshot is rebuilt from the queue", async () => {
    // A reload or a fresh list rebuilds the snapshot from the queue: forgetting the newcomer would let the same code in twice.
    const { list } = makeList();
    const code = signDoorCode(generateTicketId(GENERATED + 60_000), SECRET);
    const first = await decideScan(buildSnapshot(list), code);
    expect(first.outcome.status).toBe("checked-in");
    const rebuilt = buildSnapshot(list, [queuedItem(code)]);
    expect((await decideScan(rebuilt, code)).outcome.status).toBe("already");
    expect(offlineCounts(rebuilt)).toEqual({ checkedIn: 3, registered: 5 });
  });

  it("ignores queued items it cannot read", () => {
    const { list } = makeList();
    const snapshot = buildSnapshot(list, [queuedItem(""), queuedItem("\u0000"), queuedItem("Ɗanladi Ƙasimu"), queuedItem("\uD800.1")]);
    expect(offlineCounts(snapshot)).toEqual({ checkedIn: 2, registered: 4 });
  });
});

describe("searchOffline", () => {
  const names = (found: { full_name: string }[]) => found.map((m) => m.full_name);

  it("folds case, accents and combining marks", () => {
    const { list } = makeList();
    const snapshot = buildSnapshot(list);
    for (const q of ["adebayo", "ADÉBÁYỌ̀", "Adébáyọ̀".normalize("NFC"), "oluwaseun ade"]) {
      expect(names(search(snapshot, q)), q).toEqual(["Oluwaseun Ade\u0301ba\u0301yo\u0323\u0300"]);
    }
  });

  it("folds the Hausa hooked letters, in either case", () => {
    const { list } = makeList([[generateTicketId(GENERATED - DAY), "Hauwa Ɓello ƳAR Gusau", "", "Zamfara", null, null]]);
    const snapshot = buildSnapshot(list);
    for (const q of ["danladi kasimu", "ƊANLADI ƘASIMU", "ɗanladi ƙasimu", "Danladi   Kasimu"]) {
      expect(names(search(snapshot, q)), q).toEqual(["Ɗanladi Ƙasimu"]);
    }
    expect(names(search(snapshot, "bello yar"))).toEqual(["Hauwa Ɓello ƳAR Gusau"]);
    expect(names(search(snapshot, "ɓello ƴar"))).toEqual(["Hauwa Ɓello ƳAR Gusau"]);
  });

  it("finds each typed word at the start of a word of the name, in any order, as the server does", () => {
    const { list } = makeList([
      [generateTicketId(GENERATED - DAY), "Fatima Ɗanjuma", "", "Zamfara", null, null],
      [generateTicketId(GENERATED - DAY + 1), "Zainab Ƴar'adua", "", "Katsina", null, null],
      [generateTicketId(GENERATED - DAY + 2), "Abubakar Sani Gusau", "", "Zamfara", null, null],
    ]);
    const snapshot = buildSnapshot(list);
    expect(names(search(snapshot, "danjuma"))).toEqual(["Fatima Ɗanjuma"]);
    expect(names(search(snapshot, "yar adua"))).toEqual(["Zainab Ƴar'adua"]);
    expect(names(search(snapshot, "yaradua"))).toEqual(["Zainab Ƴar'adua"]);
    expect(names(search(snapshot, "abubakar gusau"))).toEqual(["Abubakar Sani Gusau"]);
    expect(names(search(snapshot, "gusau abu"))).toEqual(["Abubakar Sani Gusau"]);
    expect(names(search(snapshot, "anjuma"))).toEqual([]);
  });

  it("puts whole-word matches first and counts every match, for the door's 'N more'", () => {
    const same = Array.from(
      { length: 10 },
      (_, i): DoorListRow => [generateTicketId(GENERATED - DAY + i), "Abubakar Ɓello", `Youth Club ${i}`, "Zamfara", null, null],
    );
    const snapshot = buildSnapshot(
      makeList([[generateTicketId(GENERATED - 2 * DAY), "Abubakar Bellows", "", "Kano", null, null], ...same]).list,
    );
    const { rows, total } = searchOffline(snapshot, "abubakar bello");
    expect(total).toBe(11);
    expect(rows).toHaveLength(8);
    expect(rows.map((r) => r.full_name)).toEqual(Array(8).fill("Abubakar Ɓello"));
    expect(rows.map((r) => r.organization)).toEqual(same.slice(0, 8).map((row) => row[2]));
  });

  it("takes every apostrophe for one", () => {
    const { list } = makeList([[generateTicketId(GENERATED - DAY), "Ni'ima Sani", "", "Zamfara", null, null]]);
    const snapshot = buildSnapshot(list);
    for (const q of ["Na'Allah", "Naʼallah", "Na’Allah", "na‘allah", "na`allah"]) {
      expect(names(search(snapshot, q)), q).toEqual(["Umar Faruk Na’Allah"]);
    }
    expect(names(search(snapshot, "niʼima"))).toEqual(["Ni'ima Sani"]);
  });

  it("finds a whole ticket ID, however typed, first", () => {
    const { list, ids } = makeList();
    const snapshot = buildSnapshot(list);
    for (const q of [ids.aisha, ids.aisha.toLowerCase().replaceAll("-", " ")]) {
      expect(search(snapshot, q)).toEqual([
        {
          id: ids.aisha,
          full_name: "Aisha Bashir",
          ticket_id: ids.aisha,
          organization: "",
          position: "Secretary",
          local_government: "Nassarawa",
          phone_end: "207",
          state: "Kano",
          checked_in_at: "2026-11-21T07:40:00.000Z",
          checked_in_by: null,
          door: null,
        },
      ]);
    }
  });

  it("answers nothing to fewer than 3 characters, once folded", () => {
    const { list } = makeList();
    const snapshot = buildSnapshot(list);
    for (const q of ["", "a", "ai", "  ai  ", "\u0301\u0301\u0301a", "Ɗa"]) expect(search(snapshot, q), q).toEqual([]);
  });

  it("stops at the limit, in the list's order", () => {
    const extra = Array.from(
      { length: 12 },
      (_, i): DoorListRow => [generateTicketId(GENERATED - DAY + i), `Amina Yusuf ${String(i).padStart(2, "0")}`, "", "Sokoto", null, null],
    );
    const snapshot = buildSnapshot(makeList(extra).list);
    expect(names(search(snapshot, "amina"))).toEqual(extra.slice(0, 8).map((row) => row[1]));
    expect(names(search(snapshot, "amina", 3))).toEqual(["Amina Yusuf 00", "Amina Yusuf 01", "Amina Yusuf 02"]);
  });

  it("never throws on nasty characters", () => {
    const { list } = makeList([[generateTicketId(GENERATED - DAY), "Zainab \u0000\uD800 Idris\u0007", "", "", null, null]]);
    const snapshot = buildSnapshot(list);
    for (const q of ["\u0000\u0000\u0000", "\uD800\uDFFF\uD800", "\u202Eevil\u202C", "'\u02BC\u2019", "zainab", "idris\u0007"]) {
      expect(() => search(snapshot, q), JSON.stringify(q)).not.toThrow();
    }
    expect(names(search(snapshot, "zainab"))).toEqual(["Zainab \u0000\uD800 Idris\u0007"]);
  });
});

describe("offlineCounts", () => {
  it("counts who is in by the list and by this device, out of everyone listed and newly admitted", async () => {
    const { list, ids } = makeList();
    const snapshot = buildSnapshot(list);
    expect(offlineCounts(snapshot)).toEqual({ checkedIn: 2, registered: 4 });
    markLocal(snapshot, ids.danladi, "2026-11-21T09:00:00.000Z", "");
    expect(offlineCounts(snapshot)).toEqual({ checkedIn: 3, registered: 4 });
    const newcomer = generateTicketId(GENERATED + 60_000);
    const decision = await decideScan(snapshot, signDoorCode(newcomer, SECRET));
    markLocal(snapshot, newcomer, "2026-11-21T09:01:00.000Z", "");
    expect(decision.outcome.status).toBe("checked-in");
    expect(offlineCounts(snapshot)).toEqual({ checkedIn: 4, registered: 5 });
  });
});

describe("issuedAt", () => {
  it("reads the issue time of a generated ID, and nothing of another", () => {
    expect(issuedAt(generateTicketId(GENERATED))).toBe(GENERATED);
    for (const id of ["LEGACY-42", "", "ZYS--ABCDEF", "zys-abc-123456", "ZYS-ABC-123456\u0000"]) expect(issuedAt(id), id).toBeNull();
  });
});

describe("junk at the door", () => {
  it("is refused, never admitted, and never throws, typed, scanned or searched", async () => {
    const { list } = makeList();
    const snapshot = buildSnapshot(list);
    const listed = snapshot.byName;
    await fc.assert(
      fc.asyncProperty(hostileString, async (junk) => {
        const typed = decideTicketId(snapshot, junk);
        expect(typed.outcome.status).toBe("refused");
        expect(typed.record).toBeUndefined();
        const scanned = await decideScan(snapshot, junk);
        expect(scanned.outcome.status).toBe("refused");
        expect(scanned.record).toBeUndefined();
        const found = search(snapshot, junk);
        // Only real matches, if any: junk finds nobody unless a name's words start with it.
        const words = searchWords(junk);
        expect(found.map((m) => m.ticket_id)).toEqual(
          words.join(" ").length < 3 ? [] : listed.filter((p) => keyMatches(p.key, words)).map((p) => p.ticketId),
        );
      }),
      { numRuns: 300 },
    );
    expect(offlineCounts(snapshot)).toEqual({ checkedIn: 2, registered: 4 });
  });
});
