import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { isGsm7, smsSegments, toSmsText } from "./gsm7";

// Nasty on purpose: what an organiser pastes into a venue name, a catalogue typo, a phone keyboard.
const NASTY = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u001b",
  "\u007f",
  "\u0085",
  "\t",
  "\r",
  "\r\n",
  "\f",
  "\uD800",
  "\uDFFF",
  "\uDBFF\uDFFF",
  "\u0301",
  "\u0323\u0300",
  "e\u0301",
  "😀",
  "👩🏽‍💻",
  "🇳🇬",
  "1️⃣",
  "\u200E",
  "\u200F",
  "\u202E",
  "\u2066",
  "\u200B",
  "\uFEFF",
  "ƙ",
  "Ɗ",
  "ɓ",
  "ƴ",
  "Ƴ",
  "ʼy",
  "’",
  "“",
  "—",
  "…",
  "\u00A0",
  "€",
  "[",
  "~",
  "سلام",
  "Ọlábísí",
  "₦2,000",
  "ﬁ",
  "½",
  "\uE000",
  "ß",
  "Ω",
  "ω",
];

const nastyText = fc
  .array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: "binary", maxLength: 6 }), fc.string({ maxLength: 6 })), {
    maxLength: 40,
  })
  .map((parts) => parts.join(""));

describe("toSmsText", () => {
  it("writes Hausa's hooked letters plain, as people type them", () => {
    expect(toSmsText("Ɗanladi Ƙasimu Ɓello Ƴusuf ƙofa ɗaki ɓera ƴaƴa")).toBe("Danladi Kasimu Bello Yusuf kofa daki bera yaya");
    expect(toSmsText("ʼya’ya")).toBe("'ya'ya");
  });

  it("keeps the accented letters GSM-7 has and folds the others to their base letter", () => {
    expect(toSmsText("é è ù ì ò Ç Ø ø Å å Ä Ö Ñ Ü ä ö ñ ü à É ß Æ æ")).toBe("é è ù ì ò Ç Ø ø Å å Ä Ö Ñ Ü ä ö ñ ü à É ß Æ æ");
    expect(toSmsText("Ọlábísí Ògúnlẹ́yẹ Adébáyọ̀ ç â")).toBe("Olabisi Ogunleye Adébayo c a");
    // A decomposed é (e + combining acute) is composed first, so it stays é.
    expect(toSmsText("Cafe\u0301")).toBe("Café");
  });

  it("turns typographic punctuation and spaces into ASCII", () => {
    expect(toSmsText("“Gusau” – ‘Hall’ — wait… a\u00A0b\u202Fc")).toBe("\"Gusau\" - 'Hall' - wait... a b c");
    expect(toSmsText("₦2,000 · ½ ﬁne ²")).toBe("N2,000 . 1/2 fine 2");
  });

  it("removes control characters and keeps line breaks", () => {
    expect(toSmsText("a\u0000b\u0007c\u001bd\te\r\nf\rg\nh\fi")).toBe("abcd e\nf\ng\nhi");
  });

  it("drops emoji, bidi and zero-width marks, lone surrogates; writes ? for a run of letters it cannot show", () => {
    expect(toSmsText("Hall 🎉👩🏽‍💻🇳🇬")).toBe("Hall ");
    expect(toSmsText("\u202Eevil\u202C\u200B\uFEFF")).toBe("evil");
    expect(toSmsText("a\uD800b\uDFFFc")).toBe("abc");
    expect(toSmsText("Masallaci سلام Gusau")).toBe("Masallaci ? Gusau");
    expect(toSmsText("1️⃣")).toBe("1");
  });

  it("keeps every GSM-7 character, extension table included", () => {
    const all = "@£$¥èéùìòÇ\nØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./09:;<=>?¡AZÄÖÑÜ§¿azäöñüà^{}\\[~]|€";
    expect(toSmsText(all)).toBe(all);
  });

  it("always gives GSM-7, and changes nothing the second time (fuzz)", () => {
    fc.assert(
      fc.property(fc.oneof(nastyText, hostileString, fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" })), (text) => {
        const once = toSmsText(text);
        expect(isGsm7(once)).toBe(true);
        expect(toSmsText(once)).toBe(once);
        expect([...once].filter((char) => char !== "\n" && /\p{Cc}/u.test(char))).toEqual([]);
      }),
      { numRuns: 2000, seed: 17 },
    );
  });
});

describe("isGsm7", () => {
  it("accepts the basic set and the extension table, refuses the rest", () => {
    expect(isGsm7("")).toBe(true);
    expect(isGsm7("Hello {world} €5 [ok] ~ | ^ \\")).toBe(true);
    expect(isGsm7("ƙ")).toBe(false);
    expect(isGsm7("’")).toBe(false);
    expect(isGsm7("`")).toBe(false);
    expect(isGsm7("😀")).toBe(false);
    expect(isGsm7("\u0000")).toBe(false);
  });
});

describe("smsSegments", () => {
  it("counts 160 septets as one segment, then parts of 153", () => {
    expect(smsSegments("")).toBe(0);
    expect(smsSegments("a")).toBe(1);
    expect(smsSegments("a".repeat(160))).toBe(1);
    expect(smsSegments("a".repeat(161))).toBe(2);
    expect(smsSegments("a".repeat(306))).toBe(2);
    expect(smsSegments("a".repeat(307))).toBe(3);
    expect(smsSegments("a".repeat(459))).toBe(3);
    expect(smsSegments("a".repeat(460))).toBe(4);
  });

  it("counts an extension character as two septets", () => {
    expect(smsSegments("€".repeat(80))).toBe(1);
    expect(smsSegments(`${"a".repeat(158)}€`)).toBe(1);
    expect(smsSegments(`${"a".repeat(159)}€`)).toBe(2);
    // 76 pairs fill a part (152 septets): the 153rd septet cannot hold half a pair.
    expect(smsSegments("{".repeat(152))).toBe(2);
    expect(smsSegments("{".repeat(153))).toBe(3);
  });

  it("never splits an escape pair across two parts", () => {
    // 152 septets, then a 2-septet "€" that does not fit in part 1 (153): it moves whole to part 2.
    const text = `${"a".repeat(152)}€${"a".repeat(152)}`; // 306 septets, but 152 | 2+152 | …
    expect(smsSegments(text)).toBe(3);
    expect(smsSegments(`${"a".repeat(151)}€${"a".repeat(153)}`)).toBe(2);
  });

  it("counts text that is not GSM-7 as UCS-2: 70, then parts of 67, surrogate pairs whole", () => {
    expect(smsSegments("ƙ".repeat(70))).toBe(1);
    expect(smsSegments("ƙ".repeat(71))).toBe(2);
    expect(smsSegments("ƙ".repeat(134))).toBe(2);
    expect(smsSegments("ƙ".repeat(135))).toBe(3);
    expect(smsSegments("😀".repeat(35))).toBe(1);
    expect(smsSegments(`${"ƙ".repeat(66)}${"😀".repeat(34)}`)).toBe(3); // 66 | 2×33=66 | 2
  });
});
