import { describe, expect, it } from "vitest";
import { generateTicketId, isTicketId, TICKET_ID_PATTERN } from "./ticket-id";

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

  it("differs for the same millisecond and uses the whole alphabet", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => generateTicketId(1_700_000_000_000)));
    expect(ids.size).toBe(2000);
    const chars = new Set([...ids].flatMap((id) => [...(id.split("-")[2] ?? "")]));
    expect(chars.size).toBe(36);
  });

  it("recognises only well-formed ticket IDs", () => {
    for (const bad of ["", "ZYS", "zys-abc-123456", "ZYS-ABC-12345", "ZYS-ABC-1234567", "XYZ-ABC-123456", "ZYS-ABC-123456 "]) {
      expect(isTicketId(bad)).toBe(false);
    }
  });
});
