import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { EMAIL_MAX_LENGTH, isBareEmail } from "./email";

// The one rule for an e-mail address, used by every form and by the mail transport: a bare
// address, nothing a mail library would read as a name, a list, a group or a comment.

describe("isBareEmail", () => {
  it("accepts the addresses people have", () => {
    for (const address of [
      "amina@example.com",
      "amina.yusuf+summit@mail.example.com.ng",
      "o'neil@example.org",
      "A_B-c@Sub-Domain.Example.NG",
      "x1@y2.io",
    ])
      expect(isBareEmail(address), address).toBe(true);
  });

  it("refuses display names, lists, groups, comments, quotes, spaces and control characters", () => {
    for (const address of [
      "A<victim@example.com>",
      "A <victim@example.com>",
      "<victim@example.com>",
      '"x"@example.com',
      "a@example.com,victim@example.com",
      "a@example.com;victim@example.com",
      "group:victim@example.com",
      "victim@example.com(comment)",
      "vic tim@example.com",
      "victim@example.com\n",
      "victim@exa\u0000mple.com",
      "victim\\@example.com",
      "victim@[127.0.0.1]",
      "victim@localhost",
      "victim@example..com",
      "victim@-example.com",
      "ämina@example.com",
      "",
    ])
      expect(isBareEmail(address), JSON.stringify(address)).toBe(false);
    expect(isBareEmail(`${"a".repeat(EMAIL_MAX_LENGTH - 11)}@example.com`)).toBe(false);
  });

  it("never accepts a string holding a character that separates, quotes or names addresses", () => {
    fc.assert(
      fc.property(hostileString, hostileString, (a, b) => {
        const text = `${a}@${b}`;
        if (isBareEmail(text)) expect(text).not.toMatch(/[\s<>",;:()\\[\]\p{Cc}]/u);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom("<", ">", '"', ",", ";", ":", "(", ")", " ", "\u0000", "\r", "\n", "\t", "\\"), fc.nat(20), (bad, at) => {
        const address = "amina.yusuf@example.com";
        const i = at % address.length;
        expect(isBareEmail(address.slice(0, i) + bad + address.slice(i))).toBe(false);
      }),
    );
  });
});
