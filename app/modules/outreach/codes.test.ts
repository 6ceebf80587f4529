import { describe, expect, it } from "vitest";
import { INVITE_CODE_LENGTH, OUTREACH_CODE_ALPHABET, SOURCE_CODE_LENGTH } from "~/db/outreach-codes";
import { drawCode, drawSourceCode, typedCode } from "./codes";

// The outreach codes: read out on the radio, copied from a poster, typed back in any case.

const LOOK_ALIKES = ["0", "O", "Q", "1", "I", "L", "2Z", "5S", "6G", "8B", "UV"];

describe("the outreach alphabet", () => {
  it("has 25 distinct characters and keeps at most one of each look-alike group", () => {
    expect(new Set(OUTREACH_CODE_ALPHABET).size).toBe(OUTREACH_CODE_ALPHABET.length);
    expect(OUTREACH_CODE_ALPHABET).toHaveLength(25);
    expect(OUTREACH_CODE_ALPHABET).toMatch(/^[0-9A-Z]+$/);
    for (const c of ["0", "O", "Q", "1", "I", "L"]) expect(OUTREACH_CODE_ALPHABET).not.toContain(c);
    for (const group of LOOK_ALIKES) expect([...group].filter((c) => OUTREACH_CODE_ALPHABET.includes(c)).length).toBeLessThanOrEqual(1);
  });
});

describe("drawing a code", () => {
  it("draws five characters of the alphabet for a source, each character about equally often", () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 5000; i++) {
      const code = drawSourceCode();
      expect(code).toMatch(new RegExp(`^[${OUTREACH_CODE_ALPHABET}]{${SOURCE_CODE_LENGTH}}$`));
      for (const c of code) seen.set(c, (seen.get(c) ?? 0) + 1);
    }
    expect(seen.size).toBe(25);
    // 25,000 characters: 1,000 expected each; a biased draw would leave some far off.
    for (const n of seen.values()) expect(n).toBeGreaterThan(800);
  });

  it("draws from the pick it is given, so a collision can be forced in a test", () => {
    expect(drawCode(3, () => 0)).toBe("222");
    expect(drawCode(INVITE_CODE_LENGTH, () => 24)).toBe("YYYYYY");
  });

  it("rarely repeats: 20,000 source codes are almost all distinct", () => {
    const codes = new Set(Array.from({ length: 20_000 }, () => drawSourceCode()));
    // 25^5 ≈ 9.8 million: about 20 repeats expected among 20,000 (and the database refuses each).
    expect(codes.size).toBeGreaterThan(19_900);
  });
});

describe("a code as typed", () => {
  it("reads a source's code or an invite's by its length, in any case, with spaces or dashes", () => {
    expect(typedCode("K7M3X")).toEqual({ via: "source", code: "K7M3X" });
    expect(typedCode("k7m3x")).toEqual({ via: "source", code: "K7M3X" });
    expect(typedCode(" K7-M3X ")).toEqual({ via: "source", code: "K7M3X" });
    expect(typedCode("4hx9tc")).toEqual({ via: "invite", code: "4HX9TC" });
  });

  it("reads the left-out characters as the ones kept in their place (S as 5, Z as 2, B as 8, G as 6, U as V)", () => {
    expect(typedCode("szbgu")).toEqual({ via: "source", code: "5286V" });
  });

  it("refuses what cannot be a code: other lengths, look-alikes with no counterpart, other scripts, nasty characters", () => {
    for (const text of ["", "K7M3", "K7M3XK7", "K7M3O", "K7M31", "K7MIX", "ƙ7M3X", "K7M3X\u0000", "K7\uD800M3X", "K7M3X\u202E", 42, null])
      expect(typedCode(text), JSON.stringify(text)).toBeNull();
    expect(typedCode("K".repeat(5000))).toBeNull();
  });
});
