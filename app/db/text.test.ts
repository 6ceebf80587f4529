import { describe, expect, it } from "vitest";
import { z as classic } from "zod";
import * as mini from "zod/mini";
import { APOSTROPHE_FOLD, foldApostrophes, LINE_TEXT, LINES_TEXT, searchText, storedText, TEXT_MESSAGES, textProblem } from "./text";

// The one text rule, character class by character class, and its checks in both zod flavours.

const HAUSA = "ƙɗɓƴƘƊƁƳ";
const APOSTROPHES = ["'", "\u02BC", "\u2019"];

describe("textProblem", () => {
  it("refuses NUL, the other C0 controls, DEL and the C1 controls, in one line and in several", () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d),
      0x7f,
      ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
    ].map((c) => String.fromCharCode(c));
    expect(controls).toHaveLength(29 + 1 + 32);
    for (const c of controls) {
      expect(textProblem(`Amina${c}Yusuf`, "line"), `U+${c.charCodeAt(0).toString(16)}`).toBe(TEXT_MESSAGES.controlCharacter);
      expect(textProblem(`Amina${c}Yusuf`, "lines"), `U+${c.charCodeAt(0).toString(16)}`).toBe(TEXT_MESSAGES.controlCharacter);
    }
  });

  it("refuses the direction overrides, embeddings and isolates, keeps the marks and joiners keyboards type", () => {
    for (const c of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"])
      expect(textProblem(`gnp.${c}exe`, "lines")).toBe(TEXT_MESSAGES.controlCharacter);
    for (const c of ["\u200E", "\u200F", "\u200C", "\u200D", "\uFEFF"]) expect(textProblem(`محمد${c}ساني`, "line")).toBeNull();
  });

  it("refuses a lone surrogate, high or low, anywhere; keeps paired ones (emoji)", () => {
    for (const text of ["\uD800", "a\uDBFFb", "\uDC00", "x\uDFFF", "\uDE00\uD83D", "😀\uD83D"])
      expect(textProblem(text, "line"), JSON.stringify(text)).toBe(TEXT_MESSAGES.loneSurrogate);
    expect(textProblem("Amina 😀👩🏾‍💻", "line")).toBeNull();
  });

  it("allows line breaks and tabs in several lines only", () => {
    for (const c of ["\n", "\r", "\r\n", "\t", "\u2028", "\u2029"]) {
      expect(textProblem(`one${c}two`, "line")).toBe(TEXT_MESSAGES.singleLine);
      expect(textProblem(`one${c}two`, "lines")).toBeNull();
    }
  });

  it("accepts the Hausa letters, every apostrophe, tone marks and other scripts", () => {
    for (const text of [
      HAUSA,
      "Ɗanlami Ƙaura Ɓello Ƴar'Adua",
      ...APOSTROPHES.map((a) => `Ni${a}ima`),
      "Ọlábísí Ògúnlẹ́yẹ",
      "محمد ساني",
      "Ⅻ ﬁ ｆｕｌｌ",
    ])
      expect(textProblem(text, "line"), text).toBeNull();
  });
});

describe("storedText", () => {
  it("composes what can be composed (NFC) and leaves the Hausa letters and apostrophes as typed", () => {
    expect(storedText("Ade\u0301bayo", "line")).toBe("Adébayo");
    expect(storedText("O\u0323la\u0301bi\u0301si\u0301", "line")).toBe("Ọlábísí");
    expect(storedText(HAUSA, "line")).toBe(HAUSA);
    for (const a of APOSTROPHES) expect(storedText(`Ni${a}ima`, "line")).toBe(`Ni${a}ima`);
    // No combining hook makes ƙ: k + U+0309 stays two characters (another letter, not Hausa ƙ).
    expect(storedText("k\u0309", "line")).toBe("k\u0309");
    // Compatibility forms are the person's own: NFC, not NFKC.
    expect(storedText("ﬁ ｆ", "line")).toBe("ﬁ ｆ");
  });

  it("turns the Unicode line and paragraph separators into \\n in several lines", () => {
    expect(storedText("one\u2028two\u2029three", "lines")).toBe("one\ntwo\nthree");
  });
});

describe("searchText", () => {
  it("never refuses: every control, break, override or half character is a space, then NFC", () => {
    expect(searchText("\u0000\u0001Ami\u001b[31m")).toBe(" Ami [31m");
    expect(searchText("A\u202Eb\uD800c\n\td")).toBe("A b c d");
    expect(searchText("Ade\u0301")).toBe("Adé");
    expect(searchText("T\u0000K", "")).toBe("TK");
    expect(searchText("Ƙaura Na’Allah")).toBe("Ƙaura Na’Allah");
  });
});

describe("foldApostrophes", () => {
  it("reads every apostrophe as ', as APOSTROPHE_FOLD does in SQL", () => {
    expect(foldApostrophes("Na\u2019Allah Niʼima Sa\u2018adatu Ya'u")).toBe("Na'Allah Ni'ima Sa'adatu Ya'u");
    expect([...APOSTROPHE_FOLD.from].map((c) => foldApostrophes(c)).join("")).toBe(APOSTROPHE_FOLD.to);
  });
});

describe("the checks in both zod flavours", () => {
  it("zod/mini: refused with the field's key, stored NFC", () => {
    const schema = mini.object({ name: mini.string().check(mini.trim(), ...LINE_TEXT), bio: mini.string().check(...LINES_TEXT) });
    const bad = mini.safeParse(schema, { name: "Ami\u0000na", bio: "x\uD800" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", TEXT_MESSAGES.controlCharacter],
      ["bio", TEXT_MESSAGES.loneSurrogate],
    ]);
    expect(mini.parse(schema, { name: " Ade\u0301 ", bio: "a\nb" })).toEqual({ name: "Adé", bio: "a\nb" });
  });

  it("classic zod: the same", () => {
    const schema = classic.object({
      name: classic
        .string()
        .trim()
        .check(...LINE_TEXT)
        .min(1),
      bio: classic.string().check(...LINES_TEXT),
    });
    const bad = schema.safeParse({ name: "a\nb", bio: "\u202E" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", TEXT_MESSAGES.singleLine],
      ["bio", TEXT_MESSAGES.controlCharacter],
    ]);
    expect(schema.parse({ name: "Ɗanlami Ƙaura", bio: "e\u0301\u2028x" })).toEqual({ name: "Ɗanlami Ƙaura", bio: "é\nx" });
  });
});
