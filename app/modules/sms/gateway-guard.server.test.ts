import { describe, expect, it } from "vitest";
import { addressAllowed, callbackTokenMatches } from "./gateway-guard.server";

describe("the gateway's callbacks", () => {
  it("need the configured token, exactly", () => {
    const token = "s3cret-token-of-the-callbacks";
    expect(callbackTokenMatches(token, token)).toBe(true);
    expect(callbackTokenMatches(`${token}x`, token)).toBe(false);
    expect(callbackTokenMatches(token.slice(1), token)).toBe(false);
    expect(callbackTokenMatches("", token)).toBe(false);
    expect(callbackTokenMatches(undefined, token)).toBe(false);
    // No token configured: the callbacks are closed, whatever is sent.
    expect(callbackTokenMatches("", undefined)).toBe(false);
    expect(callbackTokenMatches("anything", "")).toBe(false);
  });

  it("come from the allowed addresses when a list is set", () => {
    const list = ["52.48.80.0/24", "34.255.58.10", "2a05:d018::/32"];
    expect(addressAllowed("52.48.80.17", list)).toBe(true);
    expect(addressAllowed("::ffff:52.48.80.17", list)).toBe(true);
    expect(addressAllowed("34.255.58.10", list)).toBe(true);
    expect(addressAllowed("34.255.58.11", list)).toBe(false);
    expect(addressAllowed("2a05:d018:1::5", list)).toBe(true);
    expect(addressAllowed("127.0.0.1", list)).toBe(false);
    expect(addressAllowed("not an address", list)).toBe(false);
    expect(addressAllowed("", list)).toBe(false);
    expect(addressAllowed("203.0.113.9", [])).toBe(true);
    expect(addressAllowed("52.48.80.17", ["garbage/99", "52.48.80.17"])).toBe(true);
  });
});
