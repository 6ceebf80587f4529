import { createHmac } from "node:crypto";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { doorPublicKeys, signDoorCode, signToken } from "~/modules/tickets/ticket-token.server";
import { checkDoorCode } from "./verify-code";

// The door checks a ticket's QR code offline with the public keys of its list: whatever the
// server signs is genuine, anything else forged, and the door never throws on what a camera
// reads. Both ways of checking are run: WebCrypto's Ed25519 (Node 20 has it, as recent browsers
// do) and @noble/ed25519 (older browsers).

const SECRET = "verify-code-test-secret-0123456789abcdef";
const OTHER_SECRET = "verify-code-other-secret-0123456789abcdef";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The code's signature (86 characters) and what comes before it. */
function split(code: string) {
  const dot = code.lastIndexOf(".");
  return { ticketId: code.slice(0, dot), keyId: code.slice(dot + 1, dot + 2), signature: code.slice(dot + 2) };
}

/** Another base64url character than this one. */
function other(char: string): string {
  return char === "A" ? "B" : "A";
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The checks every verification path must pass, given the checkDoorCode of a module. */
function behavesAsTheServer(check: () => Promise<typeof checkDoorCode>) {
  const keys = doorPublicKeys(SECRET);

  it("finds a code the server signed genuine, with the keys of the door's list", async () => {
    const checkCode = await check();
    const ticketId = generateTicketId();
    expect(await checkCode(signDoorCode(ticketId, SECRET), keys)).toEqual({ kind: "genuine", ticketId });
  });

  it("finds a signature with one character changed in the middle forged", async () => {
    const checkCode = await check();
    const code = signDoorCode(generateTicketId(), SECRET);
    const { ticketId, keyId, signature } = split(code);
    const middle = 43;
    const tampered = `${ticketId}.${keyId}${signature.slice(0, middle)}${other(signature[middle] ?? "")}${signature.slice(middle + 1)}`;
    expect(tampered).not.toBe(code);
    expect(await checkCode(tampered, keys)).toEqual({ kind: "forged" });
  });

  it("finds a code forged when checked with another secret's key, and another secret's code forged with ours", async () => {
    const checkCode = await check();
    const ticketId = generateTicketId();
    expect(await checkCode(signDoorCode(ticketId, SECRET), doorPublicKeys(OTHER_SECRET))).toEqual({ kind: "forged" });
    expect(await checkCode(signDoorCode(ticketId, OTHER_SECRET), keys)).toEqual({ kind: "forged" });
  });

  it("finds a code naming a key the door does not hold forged", async () => {
    const checkCode = await check();
    const { ticketId, signature } = split(signDoorCode(generateTicketId(), SECRET));
    expect(keys.some((k) => k.id === "z")).toBe(false);
    expect(await checkCode(`${ticketId}.z${signature}`, keys)).toEqual({ kind: "forged" });
    expect(await checkCode(signDoorCode(ticketId, SECRET), [])).toEqual({ kind: "forged" });
  });

  it("finds a signature spelled with other spare bits in its last character forged, though it decodes the same", async () => {
    const checkCode = await check();
    const { ticketId, keyId, signature } = split(signDoorCode(generateTicketId(), SECRET));
    // 86 characters carry 516 bits for 512: the last character's 4 low bits are spare.
    const last = BASE64URL.indexOf(signature.at(-1) ?? "");
    expect(last % 16).toBe(0);
    const spare = `${signature.slice(0, -1)}${BASE64URL[last + 1]}`;
    expect(Buffer.from(spare, "base64url").equals(Buffer.from(signature, "base64url"))).toBe(true);
    expect(await checkCode(`${ticketId}.${keyId}${spare}`, keys)).toEqual({ kind: "forged" });
  });

  it("finds a genuine signature moved onto another ticket ID forged", async () => {
    const checkCode = await check();
    const { keyId, signature } = split(signDoorCode(generateTicketId(), SECRET));
    expect(await checkCode(`${generateTicketId()}.${keyId}${signature}`, keys)).toEqual({ kind: "forged" });
  });

  it("finds malformed strings forged, nasty characters included", async () => {
    const checkCode = await check();
    const code = signDoorCode(generateTicketId(), SECRET);
    const { ticketId, keyId, signature } = split(code);
    const malformed = [
      "",
      ".",
      "\u0000",
      `${ticketId}.`,
      `.${keyId}${signature}`,
      `${ticketId.toLowerCase()}.${keyId}${signature}`,
      `${code}\u0000`,
      `\u0000${code}`,
      `${code}\u0301`,
      `${ticketId}\u0301.${keyId}${signature}`,
      `${ticketId}.${keyId}${signature.slice(0, 40)}\uD800${signature.slice(41)}`,
      `${ticketId}.${keyId}${signature.slice(0, -1)}`,
      `${ticketId}.${keyId}${signature}A`,
      `${ticketId}.${keyId}${signature.slice(0, 40)}=${signature.slice(41)}`,
      `${ticketId}.${keyId}${signature.slice(0, 40)}+${signature.slice(41)}`,
      `ZYS-ƘƊƁƳ-123456.${keyId}${signature}`,
      `Na'Allah.${keyId}${signature}`,
      `Naʼallah.${keyId}${signature}`,
      `Na’Allah.${keyId}${signature}`,
      `${ticketId}\r\n.${keyId}${signature}`,
    ];
    for (const text of malformed) expect(await checkCode(text, keys), JSON.stringify(text)).toEqual({ kind: "forged" });
  });

  it("checks nothing with a damaged key rather than throwing", async () => {
    const checkCode = await check();
    const code = signDoorCode(generateTicketId(), SECRET);
    const id = split(code).keyId;
    for (const publicKey of ["", "not base64!", "\u0000", "AAAA", "\uD800"]) {
      expect(await checkCode(code, [{ id, publicKey }])).toEqual({ kind: "forged" });
    }
  });
}

describe("checkDoorCode with WebCrypto's Ed25519", () => {
  behavesAsTheServer(async () => checkDoorCode);

  it("uses WebCrypto where the runtime has Ed25519", async () => {
    const verify = vi.spyOn(crypto.subtle, "verify");
    const ticketId = generateTicketId();
    expect(await checkDoorCode(signDoorCode(ticketId, SECRET), doorPublicKeys(SECRET))).toEqual({ kind: "genuine", ticketId });
    expect(verify).toHaveBeenCalledWith("Ed25519", expect.anything(), expect.anything(), expect.anything());
  });

  it("leaves an HMAC code (tickets sent before Ed25519) unchecked, with its ticket ID", async () => {
    const ticketId = generateTicketId();
    const withKeyId = signToken("door", ticketId, SECRET, /^[0-9A-Z-]+$/);
    // The first tickets' codes: an HMAC under the raw secret, no key id.
    const first = `${ticketId}.${createHmac("sha256", SECRET).update(`ticket:v1:${ticketId}`).digest().subarray(0, 16).toString("base64url")}`;
    for (const code of [withKeyId, first]) {
      expect(await checkDoorCode(code, doorPublicKeys(SECRET))).toEqual({ kind: "unchecked", ticketId });
    }
  });

  it("never throws and never finds junk genuine", async () => {
    const keys = doorPublicKeys(SECRET);
    const code = signDoorCode(generateTicketId(), SECRET);
    await fc.assert(
      fc.asyncProperty(hostileString, fc.nat({ max: code.length }), async (junk, at) => {
        for (const text of [junk, `${code.slice(0, at)}${junk}${code.slice(at)}`]) {
          const check = await checkDoorCode(text, keys);
          if (text !== code) expect(check.kind).not.toBe("genuine");
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("checkDoorCode with @noble/ed25519, where the browser has no Ed25519 in WebCrypto", () => {
  behavesAsTheServer(async () => {
    const importKey = crypto.subtle.importKey.bind(crypto.subtle);
    vi.spyOn(crypto.subtle, "importKey").mockImplementation(((...args: Parameters<SubtleCrypto["importKey"]>) => {
      const algorithm = args[2];
      const name = typeof algorithm === "string" ? algorithm : algorithm.name;
      if (name === "Ed25519") return Promise.reject(new DOMException("Unrecognized name.", "NotSupportedError"));
      return importKey(...args);
    }) as SubtleCrypto["importKey"]);
    // The module remembers whether WebCrypto has Ed25519: a fresh copy probes again.
    vi.resetModules();
    return (await import("./verify-code")).checkDoorCode;
  });

  it("verifies without WebCrypto's Ed25519", async () => {
    const importKey = crypto.subtle.importKey.bind(crypto.subtle);
    vi.spyOn(crypto.subtle, "importKey").mockImplementation(((...args: Parameters<SubtleCrypto["importKey"]>) =>
      JSON.stringify(args[2]).includes("Ed25519")
        ? Promise.reject(new Error("no Ed25519"))
        : importKey(...args)) as SubtleCrypto["importKey"]);
    const verify = vi.spyOn(crypto.subtle, "verify");
    vi.resetModules();
    const fresh = (await import("./verify-code")).checkDoorCode;
    const ticketId = generateTicketId();
    expect(await fresh(signDoorCode(ticketId, SECRET), doorPublicKeys(SECRET))).toEqual({ kind: "genuine", ticketId });
    expect(verify).not.toHaveBeenCalled();
  });
});
