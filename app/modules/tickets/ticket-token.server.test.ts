import { createHmac, randomUUID } from "node:crypto";
import { verifyAsync } from "@noble/ed25519";
import { describe, expect, it } from "vitest";
import { generateTicketId } from "./ticket-id";
import {
  doorPublicKeys,
  extractDoorCode,
  readSelfServiceToken,
  signDoorCode,
  signSelfServiceToken,
  signToken,
  verifyDoorCode,
} from "./ticket-token.server";

const selfServiceId = (token: string, secret: string) => readSelfServiceToken(token, secret)?.id ?? null;

const SECRET = "a".repeat(64);
const OTHER_SECRET = "b".repeat(64);

/** A QR code as the first tickets carried it: the ticket ID and an HMAC under the raw secret, no key id. */
function firstTicketsCode(ticketId: string, secret = SECRET): string {
  const signature = createHmac("sha256", secret).update(`ticket:v1:${ticketId}`).digest().subarray(0, 16).toString("base64url");
  return `${ticketId}.${signature}`;
}

describe("door codes", () => {
  it("round-trips a ticket ID through a URL-safe code naming its key", () => {
    const ticketId = generateTicketId();
    const code = signDoorCode(ticketId, SECRET);
    expect(code).toMatch(/^ZYS-[0-9A-Z]+-[0-9A-Z]{6}\.1[A-Za-z0-9_-]{86}$/);
    expect(encodeURIComponent(code)).toBe(code);
    expect(verifyDoorCode(code, SECRET)).toBe(ticketId);
  });

  it("can be checked with the public key alone, as a door does offline", async () => {
    const code = signDoorCode("ZYS-ABC-123456", SECRET);
    const [key] = doorPublicKeys(SECRET);
    expect(key?.id).toBe("1");
    const publicKey = Buffer.from(key?.publicKey ?? "", "base64url");
    const signature = Buffer.from(code.slice(code.indexOf(".") + 2), "base64url");
    expect(await verifyAsync(signature, Buffer.from("door:ZYS-ABC-123456"), publicKey)).toBe(true);
    expect(await verifyAsync(signature, Buffer.from("door:ZYS-ABC-123457"), publicKey)).toBe(false);
    // Another secret, another key: nothing about the key pair is fixed in the code.
    expect(doorPublicKeys(OTHER_SECRET)[0]?.publicKey).not.toBe(key?.publicKey);
  });

  it("still admits the HMAC codes of tickets sent before the Ed25519 ones", () => {
    const hmacCode = signToken("door", "ZYS-ABC-123456", SECRET, /^[0-9A-Z-]+$/);
    expect(hmacCode).toMatch(/\.1[A-Za-z0-9_-]{22}$/);
    expect(verifyDoorCode(hmacCode, SECRET)).toBe("ZYS-ABC-123456");
    expect(verifyDoorCode(signToken("door", "ZYS-ABC-123456", OTHER_SECRET, /^[0-9A-Z-]+$/), SECRET)).toBeNull();
  });

  it("still admits the codes of tickets sent before the split", () => {
    expect(verifyDoorCode(firstTicketsCode("ZYS-ABC-123456"), SECRET)).toBe("ZYS-ABC-123456");
    expect(verifyDoorCode(firstTicketsCode("ZYS-ABC-123456", OTHER_SECRET), SECRET)).toBeNull();
  });

  it("rejects another secret, a moved signature, a tampered one and an unknown key id", () => {
    expect(verifyDoorCode(signDoorCode("ZYS-ABC-123456", OTHER_SECRET), SECRET)).toBeNull();
    const signature = signDoorCode("ZYS-ABC-123456", SECRET).split(".")[1];
    expect(verifyDoorCode(`ZYS-ABC-123457.${signature}`, SECRET)).toBeNull();
    const code = signDoorCode("ZYS-ABC-123456", SECRET);
    for (const replacement of ["A", "B", "w", "-", "_"]) {
      if (replacement !== code.at(-1)) expect(verifyDoorCode(code.slice(0, -1) + replacement, SECRET)).toBeNull();
    }
    for (const id of ["2", "z", "0", "A", "\u0000"])
      expect(verifyDoorCode(`ZYS-ABC-123456.${id}${signature?.slice(1)}`, SECRET)).toBeNull();
  });

  it("rejects malformed input", () => {
    const code = signDoorCode("ZYS-ABC-123456", SECRET);
    const [id, signature] = code.split(".");
    for (const bad of [
      "",
      ".",
      "ZYS-ABC-123456",
      "ZYS-ABC-123456.",
      `.${signature}`,
      `${id}.${signature}=`,
      `${id}.${signature?.slice(0, -1)}`,
      `${id}.${signature}A`,
      `${id?.toLowerCase()}.${signature}`,
      `${id}.${signature}.${signature}`,
      `${id} .${signature}`,
      `${id}\u0000.${signature}`,
      `${"Z".repeat(200)}.${signature}`,
    ]) {
      expect(verifyDoorCode(bad, SECRET), JSON.stringify(bad)).toBeNull();
    }
    expect(verifyDoorCode(undefined as unknown as string, SECRET)).toBeNull();
  });

  it("refuses to sign without a secret or with an unsafe ticket ID", () => {
    expect(() => signDoorCode("ZYS-ABC-123456", "")).toThrow();
    expect(() => signDoorCode("ZYS.ABC", SECRET)).toThrow();
    expect(() => signDoorCode("", SECRET)).toThrow();
  });

  it("finds the code in a scanned ticket URL or takes the text as the code", () => {
    const code = signDoorCode("ZYS-ABC-123456", SECRET);
    expect(extractDoorCode(code)).toBe(code);
    expect(extractDoorCode(` ${code}\n`)).toBe(code);
    expect(extractDoorCode(`https://summit.example.org/tickets/${code}`)).toBe(code);
    expect(extractDoorCode(`https://summit.example.org/tickets/${code}/?utm=x#top`)).toBe(code);
  });
});

describe("self-service tokens and door codes never stand in for each other", () => {
  it("a self-service token names one registration by its id", () => {
    const id = randomUUID();
    const token = signSelfServiceToken(id, SECRET);
    expect(selfServiceId(token, SECRET)).toBe(id);
    expect(selfServiceId(token, OTHER_SECRET)).toBeNull();
    expect(selfServiceId(signSelfServiceToken(randomUUID(), SECRET).replace(/^[^.]+/, id), SECRET)).toBeNull();
  });

  it("names the link's version once an organiser has replaced it; version 0 is the bare id, as every link already sent", () => {
    const id = randomUUID();
    expect(signSelfServiceToken(id, SECRET)).toMatch(new RegExp(`^${id}\\.`));
    const second = signSelfServiceToken(id, SECRET, 2);
    expect(second).toMatch(new RegExp(`^${id}~2\\.`));
    expect(readSelfServiceToken(second, SECRET)).toEqual({ id, version: 2 });
    expect(readSelfServiceToken(signSelfServiceToken(id, SECRET), SECRET)).toEqual({ id, version: 0 });
    // The version is signed: moving a link to another version forges it.
    expect(readSelfServiceToken(second.replace("~2.", "~3."), SECRET)).toBeNull();
    expect(readSelfServiceToken(second.replace("~2.", "."), SECRET)).toBeNull();
    for (const bad of [-1, 1.5, 1_000_000]) expect(() => signSelfServiceToken(id, SECRET, bad)).toThrow();
  });

  it("a door code, old or new, opens no self-service, and a self-service token admits nobody", () => {
    const door = signDoorCode("ZYS-ABC-123456", SECRET);
    expect(selfServiceId(door, SECRET)).toBeNull();
    expect(selfServiceId(firstTicketsCode("ZYS-ABC-123456"), SECRET)).toBeNull();
    const id = randomUUID();
    const self = signSelfServiceToken(id, SECRET);
    expect(verifyDoorCode(self, SECRET)).toBeNull();
    // The same value signed for the other purpose: the keys differ, so the signature does not carry over.
    expect(verifyDoorCode(`ZYS-ABC-123456.${self.split(".")[1]}`, SECRET)).toBeNull();
  });
});
