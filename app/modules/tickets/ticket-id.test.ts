import { describe, expect, it } from "vitest";
import { generateTicketId, isTicketId, RANDOM_ALPHABET, readTicketId, TICKET_ID_PATTERN } from "./ticket-id";

describe("generateTicketId", () => {
  it("is ZYS, the time in base 36, 6 random base-36 characters, upper-cased, hyphen-joined", () => {
    const now = Date.UTC(2025, 6, 1, 12, 0, 0);
    const id = generateTicketId(now);
    const [prefix, time, random] = id.split("-");
    expect(prefix).toBe("ZYS");
    expect(time).toBe(now.toString(36).toUpperCase());
    expect(random).toMatch(/^[0-9A-Z]{6}$/);
    expect(id).toMatch(TICKET_ID_PATTERN);
    expect(isTicketId(id)).toBe(true);
  });

  it("uses the current time by default", () => {
    const before = Date.now();
    const time = Number.parseInt(generateTicketId().split("-")[1] ?? "", 36);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  it("differs for the same millisecond and draws the random part from the 32 characters without O/0 and I/1", () => {
    expect(RANDOM_ALPHABET).toHaveLength(32);
    for (const lookAlike of "O0I1") expect(RANDOM_ALPHABET).not.toContain(lookAlike);
    const ids = new Set(Array.from({ length: 2000 }, () => generateTicketId(1_700_000_000_000)));
    expect(ids.size).toBe(2000);
    const chars = new Set([...ids].flatMap((id) => [...(id.split("-")[2] ?? "")]));
    expect([...chars].sort().join("")).toBe(RANDOM_ALPHABET);
  });

  it("recognises only well-formed ticket IDs", () => {
    for (const bad of ["", "ZYS", "zys-abc-123456", "ZYS-ABC-12345", "ZYS-ABC-1234567", "XYZ-ABC-123456", "ZYS-ABC-123456 "]) {
      expect(isTicketId(bad)).toBe(false);
    }
  });
});

describe("readTicketId", () => {
  it.each([
    ["ZYS-MWVZN1KD-8MGRT4", "ZYS-MWVZN1KD-8MGRT4"],
    ["ZYS MWVZN1KD 8MGRT4", "ZYS-MWVZN1KD-8MGRT4"],
    ["  zys mwvzn1kd  8mgrt4 ", "ZYS-MWVZN1KD-8MGRT4"],
    ["MWVZN1KD-8MGRT4", "ZYS-MWVZN1KD-8MGRT4"],
    ["MWVZN1KD 8MGRT4", "ZYS-MWVZN1KD-8MGRT4"],
    ["mwvzn1kd8mgrt4", "ZYS-MWVZN1KD-8MGRT4"],
    ["ZYSMWVZN1KD8MGRT4", "ZYS-MWVZN1KD-8MGRT4"],
    ["ZYS_MWVZN1KD.8MGRT4", "ZYS-MWVZN1KD-8MGRT4"],
    ["MWVZ N1KD 8MG RT4", "ZYS-MWVZN1KD-8MGRT4"],
    ["zys–mwvzn1kd–8mgrt4", "ZYS-MWVZN1KD-8MGRT4"],
    // IDs issued before the look-alike-free alphabet keep every character.
    ["ZYS-MDO1I0KD-O0I1AB", "ZYS-MDO1I0KD-O0I1AB"],
    ["zys-nope-000000", "ZYS-NOPE-000000"],
  ])("reads %j as %s", (typed, id) => {
    expect(readTicketId(typed)).toBe(id);
  });

  it.each([
    "",
    "   ",
    "%%%",
    "ZYS",
    "ZYS-",
    "123456",
    "ZYS-123456",
    "ZYS-ABCDEFGHIJKLM-123456",
    "ZYŚ-MWVZN1KD-8MGRT4",
    "<script>",
    "\u0000\u0000",
  ])("reads %j as no ticket ID", (typed) => {
    expect(readTicketId(typed)).toBeNull();
  });
});
