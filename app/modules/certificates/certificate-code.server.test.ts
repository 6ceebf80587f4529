import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, formatCode, normalizeCode } from "./certificate-code";
import { certificateCode, newSerial, verifyCertificateCode } from "./certificate-code.server";

const SECRET = "certificate-test-secret-0123456789abcdef";

describe("certificate verification codes", () => {
  it("verify as issued, however they are typed, and name their serial", () => {
    const serial = newSerial();
    const code = certificateCode(serial, SECRET);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(code.slice(0, 8)).toBe(serial);
    for (const typed of [code, formatCode(code), formatCode(code).toLowerCase(), ` ${code.match(/.{4}/g)?.join("  ")} `]) {
      expect(verifyCertificateCode(typed, SECRET)).toBe(serial);
    }
    // The letters people mistake for digits are read as the digits.
    const withLetters = code.replace(/0/g, "O").replace(/1/g, "l");
    expect(verifyCertificateCode(withLetters, SECRET)).toBe(serial);
  });

  it("refuse every altered character, a code signed with another secret, and anything that is not a code", () => {
    const code = certificateCode(newSerial(), SECRET);
    for (let i = 0; i < code.length; i++) {
      const other = CODE_ALPHABET[(CODE_ALPHABET.indexOf(code[i] as string) + 7) % 32] as string;
      expect(verifyCertificateCode(code.slice(0, i) + other + code.slice(i + 1), SECRET)).toBeNull();
    }
    expect(verifyCertificateCode(code, "another-secret-0123456789abcdef-xyz")).toBeNull();
    for (const junk of ["", "verify", code.slice(0, 15), `${code}A`, `${code}\u0000`, "ÀÉÎ-ÕÜ", "\ud800".repeat(16), "-".repeat(41)]) {
      expect(verifyCertificateCode(junk, SECRET)).toBeNull();
    }
  });

  it("never throw and never accept random or nasty input (control characters, surrogates, combining marks)", () => {
    const nasty = fc.string({
      unit: fc.oneof(
        fc.constantFrom("\u0000", "\u0007", "\u001b", "\u007f", "\u0301", "\u200b", "\ud83d", "\udc00", "-", " ", "O", "I"),
        fc.constantFrom(...CODE_ALPHABET),
      ),
      maxLength: 48,
    });
    fc.assert(
      fc.property(nasty, (input) => {
        expect(verifyCertificateCode(input, SECRET)).toBeNull();
        const normal = normalizeCode(input);
        if (normal !== null) expect(normal).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
      }),
      { numRuns: 2000 },
    );
  });

  it("serials are spread over the whole alphabet", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) for (const c of newSerial()) seen.add(c);
    expect(seen.size).toBe(32);
  });
});
