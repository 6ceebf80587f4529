import { describe, expect, it } from "vitest";
import { fillMarks, hasMarkCharacters, sizedMark, wholeMark } from "./mail-merge";

describe("mail merge", () => {
  it("fills whole and sized marks with the values, escaped as React escapes them", () => {
    const layout = `<p>Hello ${wholeMark(0)},</p><a href="${wholeMark(2)}">${sizedMark(1, 5)}</a>`;
    expect(fillMarks(layout, [`Ɗan <b>"O'Neil"</b> & co`, "ZYS-1", "https://x.org/t?a=1&b=2"])).toBe(
      `<p>Hello Ɗan &lt;b&gt;&quot;O&#x27;Neil&quot;&lt;/b&gt; &amp; co,</p><a href="https://x.org/t?a=1&amp;b=2">ZYS-1</a>`,
    );
  });

  it("maps a sized mark the template cut short to the same part of the value", () => {
    const mark = sizedMark(1, 8);
    expect(fillMarks(`[${mark.slice(0, 3)}]`, ["", "ABCDEFGH"])).toBe("[ABC]");
    // Two fields' marks side by side stay apart.
    expect(fillMarks(`${sizedMark(0, 2)}${sizedMark(1, 2)}${wholeMark(3)}`, ["ab", "cd", "", "e"])).toBe("abcde");
  });

  it("knows text that holds mark characters, and refuses fields it has no room for", () => {
    expect(hasMarkCharacters(`a${wholeMark(1)}`)).toBe(true);
    expect(hasMarkCharacters("Ƙasimu Ɗanjuma")).toBe(false);
    expect(() => wholeMark(6)).toThrow(RangeError);
    expect(() => sizedMark(0, 2000)).toThrow(RangeError);
  });
});
