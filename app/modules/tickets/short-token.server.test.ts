import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWaitlistToken, verifyWaitlistToken } from "~/modules/waitlist/waitlist-token.server";
import { shortTicketUrl } from "./ticket-link.server";
import { expandShortToken, readSelfServiceToken, shortSelfServiceToken, shortToken, signSelfServiceToken } from "./ticket-token.server";

const selfServiceId = (token: string, secret: string) => readSelfServiceToken(token, secret)?.id ?? null;

const SECRET = "s".repeat(64);
const NASTY = ["", "a", "\u0000".repeat(45), "é".repeat(45), "\ud800".repeat(45), `${"A".repeat(22)}0${"B".repeat(22)}`, "x".repeat(500)];

describe("short links for SMS", () => {
  it("write a self-service token in 45 characters and give the same token back", () => {
    for (let i = 0; i < 200; i++) {
      const id = randomUUID();
      const short = shortSelfServiceToken(id, SECRET);
      expect(short).toMatch(/^[A-Za-z0-9_-]{45}$/);
      const token = expandShortToken(short);
      expect(token).toBe(signSelfServiceToken(id, SECRET));
      expect(selfServiceId(token ?? "", SECRET)).toBe(id);
    }
  });

  it("carry a replaced link's version between tildes, and give the same token back", () => {
    const id = randomUUID();
    const short = shortSelfServiceToken(id, SECRET, 12);
    expect(short).toMatch(/^[A-Za-z0-9_-]{22}~12~[A-Za-z0-9_-]{23}$/);
    expect(expandShortToken(short)).toBe(signSelfServiceToken(id, SECRET, 12));
    expect(readSelfServiceToken(expandShortToken(short) ?? "", SECRET)).toEqual({ id, version: 12 });
    // Without its version, or with another, it is not the link that was signed.
    expect(readSelfServiceToken(expandShortToken(short.replace("~12~", "")) ?? "", SECRET)).toBeNull();
    expect(readSelfServiceToken(expandShortToken(short.replace("~12~", "~13~")) ?? "", SECRET)).toBeNull();
    for (const bad of ["~0~", "~01~", "~1234567~", "~~", "~1"]) expect(expandShortToken(short.replace("~12~", bad))).toBeNull();
  });

  it("keep each purpose's key: a waitlist link expands to a waitlist token, never a ticket's", () => {
    const id = randomUUID();
    const token = expandShortToken(shortToken(signWaitlistToken(id, SECRET))) ?? "";
    expect(verifyWaitlistToken(token, SECRET)).toBe(id);
    expect(selfServiceId(token, SECRET)).toBeNull();
  });

  it("refuse anything else, including a second spelling of the same id", () => {
    for (const text of NASTY) expect(expandShortToken(text)).toBeNull();
    const short = shortSelfServiceToken(randomUUID(), SECRET);
    // The 22nd character of base64url carries 4 spare bits: another letter decodes to the same bytes.
    const last = short[21] ?? "A";
    const sibling = `${short.slice(0, 21)}${String.fromCharCode(last.charCodeAt(0) ^ 1)}${short.slice(22)}`;
    const expanded = expandShortToken(sibling);
    if (expanded !== null) expect(selfServiceId(expanded, SECRET)).toBeNull();
    // A tampered signature expands but never verifies.
    const forged = `${short.slice(0, 44)}${short[44] === "A" ? "B" : "A"}`;
    expect(selfServiceId(expandShortToken(forged) ?? "", SECRET)).toBeNull();
  });

  it("make a ticket link short enough for an SMS", () => {
    const url = shortTicketUrl(randomUUID(), { publicUrl: "https://summit.zamfara.gov.ng/", secret: SECRET });
    expect(url).toMatch(/^https:\/\/summit\.zamfara\.gov\.ng\/t\/[A-Za-z0-9_-]{45}$/);
    expect(url.length).toBeLessThanOrEqual(80);
  });
});
