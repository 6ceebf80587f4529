import { describe, expect, it } from "vitest";
import { TEXT_MESSAGES } from "~/db/text";
import { createSourceSchema } from "./schemas";

// A source's name is organisers' text: one line, no control or direction characters, no half
// characters, stored NFC, at most 80 characters; Hausa letters and punctuation as typed.

const parse = (name: unknown) => createSourceSchema.safeParse({ name });

describe("a new source's name", () => {
  it("keeps what organisers type, trimmed and composed", () => {
    expect(parse("  Poster — Talata Mafara ").data).toEqual({ name: "Poster — Talata Mafara" });
    expect(parse("Rediyon Ƙasa, Ɗan Sadau's post ƴ").data?.name).toBe("Rediyon Ƙasa, Ɗan Sadau's post ƴ");
    // e + a combining acute accent is stored as the one letter é.
    expect(parse("Cafe\u0301 flyer").data?.name).toBe("Café flyer");
  });

  it("refuses control characters, direction overrides, line breaks and lone surrogates", () => {
    const cases: [string, string][] = [
      ["Radio\u0000Gusau", TEXT_MESSAGES.controlCharacter],
      ["Radio\u0007Gusau", TEXT_MESSAGES.controlCharacter],
      ["Radio \u202Eusaug", TEXT_MESSAGES.controlCharacter],
      ["Radio\nGusau", TEXT_MESSAGES.singleLine],
      ["Radio \uD800", TEXT_MESSAGES.loneSurrogate],
    ];
    for (const [name, message] of cases) expect(parse(name).error?.issues[0]?.message, JSON.stringify(name)).toBe(message);
  });

  it("needs a name, of at most 80 characters", () => {
    expect(parse("   ").success).toBe(false);
    expect(parse(undefined).success).toBe(false);
    expect(parse("x".repeat(80)).success).toBe(true);
    expect(parse("x".repeat(81)).success).toBe(false);
  });
});
