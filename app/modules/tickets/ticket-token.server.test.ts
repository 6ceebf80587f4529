import { describe, expect, it } from "vitest";
import { generateTicketId } from "./ticket-id";
import { extractTicketToken, signTicketToken, verifyTicketToken } from "./ticket-token.server";

const SECRET = "a".repeat(64);
const OTHER_SECRET = "b".repeat(64);

describe("ticket tokens", () => {
  it("round-trips a ticket ID through a URL-safe token", () => {
    const ticketId = generateTicketId();
    const token = signTicketToken(ticketId, SECRET);
    expect(token).toMatch(/^ZYS-[0-9A-Z]+-[0-9A-Z]{6}\.[A-Za-z0-9_-]{22}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(verifyTicketToken(token, SECRET)).toBe(ticketId);
  });

  it("is stable for the same ticket and secret", () => {
    expect(signTicketToken("ZYS-ABC-123456", SECRET)).toBe(signTicketToken("ZYS-ABC-123456", SECRET));
  });

  it("rejects a token signed with another secret", () => {
    const token = signTicketToken("ZYS-ABC-123456", OTHER_SECRET);
    expect(verifyTicketToken(token, SECRET)).toBeNull();
  });

  it("rejects a signature moved onto another ticket ID", () => {
    const signature = signTicketToken("ZYS-ABC-123456", SECRET).split(".")[1];
    expect(verifyTicketToken(`ZYS-ABC-123457.${signature}`, SECRET)).toBeNull();
  });

  it("rejects a tampered signature, including changes in the last character", () => {
    const token = signTicketToken("ZYS-ABC-123456", SECRET);
    const last = token.at(-1);
    for (const replacement of ["A", "B", "C", "D", "w", "x", "-", "_"]) {
      if (replacement === last) continue;
      expect(verifyTicketToken(token.slice(0, -1) + replacement, SECRET)).toBeNull();
    }
  });

  it("rejects malformed input", () => {
    const token = signTicketToken("ZYS-ABC-123456", SECRET);
    const [id, signature] = token.split(".");
    for (const bad of [
      "",
      ".",
      "ZYS-ABC-123456",
      `ZYS-ABC-123456.`,
      `.${signature}`,
      `${id}.${signature}=`,
      `${id}.${signature?.slice(0, -1)}`,
      `${id}.${signature}A`,
      `${id?.toLowerCase()}.${signature}`,
      `${id}.${signature}.${signature}`,
      `${id} .${signature}`,
      `${"Z".repeat(200)}.${signature}`,
    ]) {
      expect(verifyTicketToken(bad, SECRET), bad).toBeNull();
    }
    expect(verifyTicketToken(undefined as unknown as string, SECRET)).toBeNull();
  });

  it("refuses to sign without a secret or with an unsafe ticket ID", () => {
    expect(() => signTicketToken("ZYS-ABC-123456", "")).toThrow();
    expect(() => signTicketToken("ZYS.ABC", SECRET)).toThrow();
    expect(() => signTicketToken("", SECRET)).toThrow();
  });

  it("finds the token in a scanned ticket URL or takes the text as the token", () => {
    const token = signTicketToken("ZYS-ABC-123456", SECRET);
    expect(extractTicketToken(token)).toBe(token);
    expect(extractTicketToken(` ${token}\n`)).toBe(token);
    expect(extractTicketToken(`https://summit.example.org/tickets/${token}`)).toBe(token);
    expect(extractTicketToken(`https://summit.example.org/tickets/${token}/?utm=x#top`)).toBe(token);
  });
});
