import { describe, expect, it } from "vitest";
import { FEEDBACK_TEXT_MAX } from "~/db/schema";
import { TEXT_MESSAGES } from "~/db/text";
import { parseSurvey, SURVEY_MESSAGES, SURVEY_TEXT_MAX, validateSurvey } from "./survey-schema";

// The survey's one schema, as the browser and the server both run it: the two shapes (came or
// not), and the free text under the characters that break things, sent on purpose.

const SESSION = "6f1d0c8e-2b7a-4a55-9b1e-0c3b9d6e1a2f";
const CAME = { rating: "4", session: SESSION, change: "More time for questions.", comeAgain: "yes", quoteMe: "on" };
const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};
const changeOf = (change: string, attended = true) => validateSurvey({ ...CAME, change }, attended);

describe("the survey's schema", () => {
  it("keeps the database's limit", () => {
    expect(SURVEY_TEXT_MAX).toBe(FEEDBACK_TEXT_MAX);
  });

  it("takes a full answer from someone who came", () => {
    expect(validateSurvey(CAME, true)).toEqual({
      value: { rating: 4, session: SESSION, change: "More time for questions.", comeAgain: true, quoteMe: true },
    });
  });

  it("asks who came for a rating from 1 to 5 and whether they would come again; the rest may stay empty", () => {
    expect(validateSurvey({ rating: "", comeAgain: "" }, true)).toEqual({
      error: { rating: [SURVEY_MESSAGES.rating], comeAgain: [SURVEY_MESSAGES.comeAgain] },
    });
    for (const rating of ["0", "6", "4.5", "five", "-1"]) {
      expect(validateSurvey({ ...CAME, rating }, true), rating).toEqual({ error: { rating: [SURVEY_MESSAGES.rating] } });
    }
    expect(validateSurvey({ rating: "1", comeAgain: "no" }, true)).toEqual({
      value: { rating: 1, session: null, change: "", comeAgain: false, quoteMe: false },
    });
    expect(validateSurvey({ ...CAME, session: "not-a-session" }, true)).toEqual({ error: { session: [SURVEY_MESSAGES.session] } });
    expect(validateSurvey({ ...CAME, quoteMe: "yes please" }, true)).toEqual({ error: { quoteMe: [SURVEY_MESSAGES.quoteMe] } });
  });

  it("never takes a rating or a session from someone who did not come, whatever the form posts", () => {
    expect(validateSurvey(CAME, false)).toEqual({
      value: { rating: null, session: null, change: "More time for questions.", comeAgain: true, quoteMe: true },
    });
    expect(validateSurvey({ change: "The bus did not come.", comeAgain: "maybe" }, false)).toEqual({
      error: { comeAgain: [SURVEY_MESSAGES.comeAgain] },
    });
  });

  it("gives Conform the same verdict, with the values as posted", () => {
    const ok = parseSurvey(form(CAME), true);
    expect(ok.status).toBe("success");
    const bad = parseSurvey(form({ ...CAME, rating: "9" }), true);
    expect(bad.status).toBe("error");
    expect(bad.reply().initialValue).toMatchObject({ rating: "9", change: "More time for questions." });
  });
});

describe("the free text under the characters that break things", () => {
  it("refuses NUL, the other controls and direction overrides with a message, never a database error", () => {
    for (const bad of ["\u0000", "\u0001", "\u001b[31m", "\u007f", "\u0085", "\u202e", "\u2066"]) {
      expect(changeOf(`Good${bad}day`), JSON.stringify(bad)).toEqual({ error: { change: [TEXT_MESSAGES.controlCharacter] } });
    }
  });

  it("refuses a lone surrogate (half a character) with its own message", () => {
    expect(changeOf("Broken \uD800 text")).toEqual({ error: { change: [TEXT_MESSAGES.loneSurrogate] } });
    expect(changeOf("Broken \uDC00 text")).toEqual({ error: { change: [TEXT_MESSAGES.loneSurrogate] } });
  });

  it("keeps line breaks (a textarea), makes the Unicode separators \\n, and stores NFC", () => {
    const typed = "Line one\r\nLine two\u2028Line three\u2029e\u0301";
    expect(changeOf(typed)).toMatchObject({ value: { change: "Line one\r\nLine two\nLine three\né" } });
  });

  it("keeps Hausa letters, every apostrophe, combining marks that do not compose, emoji and Arabic script", () => {
    const welcome = "Ɗanlami Ƙaura ya ce: “Mun gode” – Na'Allah, Naʼallah, Na’Allah 👩🏾‍💻 محمد a\u0301\u0302\u0303\u0304";
    expect(changeOf(welcome)).toMatchObject({ value: { change: welcome.normalize("NFC") } });
  });

  it("takes 2,000 characters, and refuses 2,001 with the limit in the message", () => {
    expect(changeOf("a".repeat(2000))).toMatchObject({ value: { change: "a".repeat(2000) } });
    expect(changeOf("a".repeat(2001))).toEqual({ error: { change: ['validation.tooLong|{"max":2000}'] } });
    // Surrounding spaces do not count: they are trimmed first.
    expect(changeOf(`  ${"a".repeat(2000)}  `)).toMatchObject({ value: { change: "a".repeat(2000) } });
  });

  it("counts a decomposed text after composing it (NFC), as the database will store it", () => {
    // 1,200 × (e + U+0301) is 2,400 code units typed, 1,200 characters stored.
    expect(changeOf("e\u0301".repeat(1200))).toMatchObject({ value: { change: "é".repeat(1200) } });
  });
});
