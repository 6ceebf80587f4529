import { describe, expect, it } from "vitest";
import { HOST_STATE, isValidState, NIGERIA_STATES, STATE_NAMES } from "~/modules/person/nigeria";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { parseDraft, type UssdContext, type UssdOutcome, ussdOutcome, ussdStep } from "./menu";
import { MAX_OPTIONS } from "./paging";
import { isScreenText, SCREEN_MAX } from "./screen-text";
import { ussdContext, WORST } from "./test-data";

// Every screen a person can reach, in both languages, on every page, with the longest names,
// wrong answers and all: at most 160 GSM-7 characters with the prefix, at most 8 options, and
// nothing cut off (the options always show).

function screenProblems(reply: string): string[] {
  const problems: string[] = [];
  if (!/^(CON|END) /.test(reply)) problems.push("no CON/END prefix");
  if (reply.length > SCREEN_MAX) problems.push(`${reply.length} characters`);
  if (!isScreenText(reply)) problems.push("a character outside GSM-7's basic table");
  const lines = reply.split("\n");
  const options = lines.filter((line) => /^\d+ /.test(line) && !/^(98|0) /.test(line));
  if (options.length > MAX_OPTIONS) problems.push(`${options.length} options`);
  if (reply.startsWith("CON ") && !/^\d+ \S/.test(lines.at(-1) ?? "")) problems.push("the last line is not an option");
  if (reply.endsWith("...")) problems.push("cut off");
  if (lines.some((line) => line.trim() === "" || line !== line.trim())) problems.push("an empty or padded line");
  return problems;
}

const CHOICES = ["", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "98", "99", " 1 ", "x"];
const NAMES = [WORST.fullName, "", "0", "12", "http://evil.com", "a".repeat(121)];

type Walk = { screens: Map<string, string>; steps: number };

/**
 * Every distinct screen reachable from `context`, answering everything on every screen. Two
 * sessions on the same screen with the same state chosen count as one (the LGA, gender and
 * name chosen change only the confirmation, which `everyConfirmation` walks on its own);
 * without `byState`, one state stands for all.
 */
function walk(context: UssdContext, names: readonly string[] = NAMES, byState = true): Walk {
  const screens = new Map<string, string>();
  const seen = new Set<string>();
  let queue = [""];
  let steps = 0;
  while (queue.length > 0) {
    const next: string[] = [];
    for (const text of queue) {
      const result = ussdStep(text, context);
      steps++;
      const { language, at, page, state } = result.draft?.progress ?? {};
      const key = `${result.reply}|${JSON.stringify([language, at, page, byState && state, result.draft?.start?.at])}|${result.action?.type}`;
      if (seen.has(key)) continue;
      seen.add(key);
      screens.set(result.reply, text);
      if (result.draft !== null) expect(parseDraft(JSON.parse(JSON.stringify(result.draft)))).toEqual(result.draft);
      if (!result.reply.startsWith("CON ")) continue;
      const answers = /^CON (?:.+\n)?(Enter your full name|Rubuta cikakken sunanku)/.test(result.reply) ? names : CHOICES;
      for (const answer of answers) next.push(text === "" ? answer : `${text}*${answer}`);
    }
    queue = next;
  }
  return { screens, steps };
}

/** The answer on `reply` (a list page) that picks `option`, or "98" to turn the page. */
function answerFor(reply: string, option: string): string {
  const line = reply.split("\n").find((l) => l.replace(/^\d+ /, "") === option && !/^(98|0) /.test(l));
  if (line) return line.split(" ")[0] ?? "";
  expect(reply, `${option} not on any page`).toContain("\n98 ");
  return "98";
}

/** Every state and LGA chosen through the pages as a person would, up to the confirmation with the longest name and its error variant. */
function everyConfirmation(language: "en" | "ha", gender: string): { screens: Map<string, string>; registered: Set<string> } {
  const context = ussdContext();
  const screens = new Map<string, string>();
  const registered = new Set<string>();
  const press = (text: string) => {
    const result = ussdStep(text, context);
    screens.set(result.reply, text);
    return result;
  };
  for (const { name: state, lgas } of NIGERIA_STATES) {
    for (const lga of lgas) {
      let text = `${language === "en" ? 1 : 2}*${WORST.fullName}*${gender}`;
      for (const option of [state, lga]) {
        for (let turn = 0; turn < 10; turn++) {
          const answer = answerFor(press(text).reply, option);
          text += `*${answer}`;
          if (answer !== "98") break;
        }
      }
      press(`${text}*1*9`);
      const action = press(`${text}*1*1`).action;
      if (action?.type === "register") registered.add(`${action.draft.state}/${action.draft.localGovernment}`);
    }
  }
  return { screens, registered };
}

function expectAllValid(screens: Map<string, string>) {
  const bad = [...screens].flatMap(([reply, text]) => {
    const problems = screenProblems(reply);
    return problems.length > 0 ? [{ text, reply, problems }] : [];
  });
  expect(bad).toEqual([]);
}

describe("every USSD screen", () => {
  it("of a registration, on every page of every list, in both languages, fits the rules", () => {
    const { screens } = walk(ussdContext({ event: WORST.event }));
    expectAllValid(screens);
    expect(screens.size).toBeGreaterThan(500);
  });

  it("with the WhatsApp question (WhatsApp configured), in both languages, fits the rules", () => {
    const { screens } = walk(ussdContext({ event: WORST.event, offerWhatsApp: true }), [WORST.fullName], false);
    const asked = [...screens.keys()].filter((reply) => /WhatsApp/.test(reply));
    expect(asked.length).toBeGreaterThanOrEqual(4); // both languages, with and without a wrong answer's message
    expectAllValid(screens);
  });

  it("confirming any state and LGA, with the longest name, fits the rules; every LGA can be chosen", () => {
    const all = NIGERIA_STATES.flatMap((state) => state.lgas.map((lga) => `${state.name}/${lga}`)).sort();
    // The longest gender label of each language: the confirmation's tightest fit.
    for (const [language, gender] of [
      ["en", "2"],
      ["ha", "1"],
    ] as const) {
      const { screens, registered } = everyConfirmation(language, gender);
      expectAllValid(screens);
      expect([...registered].sort()).toEqual(all);
    }
  });

  it("lists the host state first on the first page, then the other 36 alphabetically, none twice", () => {
    expect(HOST_STATE).toBe("Zamfara");
    expect(isValidState(HOST_STATE)).toBe(true);
    for (const language of ["1", "2"]) {
      const listed: string[] = [];
      let text = `${language}*Amina Bello*2`;
      for (let page = 0; page < 10; page++) {
        const lines = ussdStep(text, ussdContext()).reply.split("\n");
        listed.push(...lines.filter((line) => /^[1-8] /.test(line)).map((line) => line.slice(2)));
        if (!lines.some((line) => line.startsWith("98 "))) break;
        text += "*98";
      }
      expect(listed[0]).toBe("Zamfara");
      const rest = listed.slice(1);
      expect(rest).toEqual([...rest].sort(new Intl.Collator("en").compare));
      expect(new Set(listed)).toEqual(new Set(STATE_NAMES));
      expect(listed).toHaveLength(37);
    }
  });

  it("of a registered person, a waitlisted one, and registration closed, fits the rules", () => {
    for (const language of ["en", "ha"] as const) {
      for (const registration of [
        { ticketId: WORST.ticketId, language },
        { waitlisted: true as const, language, position: 123456 },
      ]) {
        expectAllValid(walk(ussdContext({ event: WORST.event, registration })).screens);
        expectAllValid(walk(ussdContext({ event: WORST.event, registration, registrationOpen: false })).screens);
      }
    }
    expectAllValid(walk(ussdContext({ event: WORST.event, registrationOpen: false })).screens);
  });

  it("of a session continuing a saved draft, fits the rules", () => {
    for (const language of ["en", "ha"] as const) {
      const savedDraft = {
        version: 1 as const,
        sessionId: "an earlier session",
        start: null,
        progress: {
          language,
          at: "confirm" as const,
          page: 0,
          fullName: WORST.fullName,
          gender: "female" as const,
          state: "Federal Capital Territory",
          localGovernment: "Abuja Municipal",
          consentedVersion: PRIVACY_NOTICE.version,
        },
      };
      // The lists were walked above: here one path through them is enough.
      const { screens } = walk(ussdContext({ event: WORST.event, savedDraft }), [WORST.fullName, ""], false);
      expectAllValid(screens);
      expect(screens.size).toBeGreaterThan(20);
    }
  });

  it("at the end of a session, whatever the route did, fits the rules", () => {
    const outcomes: UssdOutcome[] = [
      { type: "registered", ticketId: WORST.ticketId },
      { type: "waitlisted", position: 123456 },
      { type: "full" },
      { type: "closed" },
      { type: "already-registered", ticketId: WORST.ticketId },
      { type: "resent" },
      { type: "resend-limited" },
      { type: "cancelled", ticketId: WORST.ticketId },
      { type: "left-waitlist" },
      { type: "checked-in" },
      { type: "busy" },
      { type: "error" },
    ];
    for (const language of ["en", "ha"] as const) {
      const screens = new Map(outcomes.map((outcome) => [ussdOutcome(outcome, language), outcome.type]));
      expectAllValid(screens);
      for (const reply of screens.keys()) expect(reply).toMatch(/^END /);
    }
  });

  it("the rules' check notices a screen that breaks them", () => {
    expect(screenProblems(`CON ${"a".repeat(157)}`)).toContain("161 characters");
    expect(screenProblems("CON Ƙasa\n1 Yes")).toContain("a character outside GSM-7's basic table");
    expect(screenProblems("CON Pick\n1 a\n2 b\n3 c\n4 d\n5 e\n6 f\n7 g\n8 h\n9 i\n0 Back")).toContain("9 options");
    expect(screenProblems("CON Privacy...")).toContain("the last line is not an option");
    expect(screenProblems("END Ticket sent.")).toEqual([]);
  });
});
