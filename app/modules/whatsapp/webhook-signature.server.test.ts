import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { signedWebhook, statusWebhook } from "#tests/support/fake-graph.ts";
import { hostileString } from "#tests/support/hostile-input.ts";
import { verifyChallenge, verifyWhatsAppSignature } from "./webhook-signature.server";

const SECRET = "0123456789abcdef0123456789abcdef";
const sign = (body: string | Buffer, secret = SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

describe("verifyWhatsAppSignature", () => {
  const body = '{"object":"whatsapp_business_account","entry":[{"changes":[{"value":{"messages":[{"text":{"body":"\\u0257\\u0199"}}]}}]}]}';

  it("accepts the HMAC-SHA256 of the raw body with the app secret, as a string or bytes", () => {
    expect(verifyWhatsAppSignature(body, sign(body), SECRET)).toBe(true);
    expect(verifyWhatsAppSignature(Buffer.from(body), sign(body), SECRET)).toBe(true);
    expect(verifyWhatsAppSignature(body, sign(body).toUpperCase().replace("SHA256=", "sha256="), SECRET)).toBe(true);
  });

  it("accepts what Meta sends: non-ASCII escaped in the body the signature covers", () => {
    const signed = signedWebhook(
      statusWebhook({ providerId: "wamid.x", status: "failed", recipient: "+2348031234567", errorTitle: "Ɗanladi ʼ 😀" }),
      SECRET,
    );
    expect(signed.body).not.toMatch(/[^\x20-\x7e]/);
    expect(verifyWhatsAppSignature(signed.body, signed.headers["X-Hub-Signature-256"], SECRET)).toBe(true);
    // The same JSON written again unescaped is other bytes: the route must keep the raw body.
    const rewritten = JSON.stringify(JSON.parse(signed.body));
    expect(verifyWhatsAppSignature(rewritten, signed.headers["X-Hub-Signature-256"], SECRET)).toBe(false);
  });

  it.each([
    ["no header", undefined],
    ["an empty header", ""],
    ["the hex without its prefix", sign(body).slice("sha256=".length)],
    ["another algorithm's prefix", `sha1=${sign(body).slice("sha256=".length)}`],
    ["a short signature", sign(body).slice(0, -2)],
    ["a signature with junk after it", `${sign(body)}00`],
    ["not hex", `sha256=${"z".repeat(64)}`],
    ["another secret's signature", sign(body, "another-secret-of-32-characters!")],
    ["the signature of another body", sign(`${body} `)],
  ])("refuses %s", (_what, header) => {
    expect(verifyWhatsAppSignature(body, header, SECRET)).toBe(false);
  });

  it("refuses everything without a secret", () => {
    expect(verifyWhatsAppSignature(body, sign(body, ""), "")).toBe(false);
  });

  it("never throws, whatever the header", () => {
    fc.assert(
      fc.property(hostileString, (header) => {
        expect(verifyWhatsAppSignature(body, header, SECRET)).toBe(false);
      }),
    );
  });
});

describe("verifyChallenge", () => {
  const TOKEN = "verify-token-of-at-least-16";
  const query = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("answers the challenge when the mode is subscribe and the token is ours", () => {
    expect(verifyChallenge(query({ "hub.mode": "subscribe", "hub.verify_token": TOKEN, "hub.challenge": "1158201444" }), TOKEN)).toBe(
      "1158201444",
    );
    expect(
      verifyChallenge(new URLSearchParams(`hub.mode=subscribe&hub.verify_token=${TOKEN}&hub.challenge=CHALLENGE_ACCEPTED`), TOKEN),
    ).toBe("CHALLENGE_ACCEPTED");
  });

  it.each([
    ["another mode", { "hub.mode": "unsubscribe", "hub.verify_token": TOKEN, "hub.challenge": "1" }],
    ["no mode", { "hub.verify_token": TOKEN, "hub.challenge": "1" }],
    ["another token", { "hub.mode": "subscribe", "hub.verify_token": `${TOKEN}x`, "hub.challenge": "1" }],
    ["a token's beginning", { "hub.mode": "subscribe", "hub.verify_token": TOKEN.slice(0, 10), "hub.challenge": "1" }],
    ["no token", { "hub.mode": "subscribe", "hub.challenge": "1" }],
    ["no challenge", { "hub.mode": "subscribe", "hub.verify_token": TOKEN }],
    ["markup as the challenge", { "hub.mode": "subscribe", "hub.verify_token": TOKEN, "hub.challenge": "<script>alert(1)</script>" }],
    ["a line break in the challenge", { "hub.mode": "subscribe", "hub.verify_token": TOKEN, "hub.challenge": "1\r\nSet-Cookie: x=1" }],
    ["a long challenge", { "hub.mode": "subscribe", "hub.verify_token": TOKEN, "hub.challenge": "1".repeat(201) }],
  ])("is null for %s", (_what, fields) => {
    expect(verifyChallenge(query(fields), TOKEN)).toBeNull();
  });

  it("is null when no verify token is configured", () => {
    expect(verifyChallenge(query({ "hub.mode": "subscribe", "hub.verify_token": "", "hub.challenge": "1" }), "")).toBeNull();
  });
});
