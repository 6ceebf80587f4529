import { storedText, textProblem } from "~/db/text";
import { nameProblem } from "~/modules/person/person-name";

// A name typed on a phone's keypad in answer to "Enter your full name": the web form's rules
// (person/fields.ts: trimmed, one line of stored text, 1–120 characters, a name and not a
// link), plus one of the menu's own: at least one letter, so a digit pressed for the previous
// screen's menu ("1") is not taken for a name. A name cannot hold "*": the gateway joins the
// answers with it (menu.ts).

export const FULL_NAME_MAX = 120;

export type NameProblem = "required" | "tooLong" | "link" | "letters";

/** The answer as the name to keep: runs of spaces one space, trimmed, NFC. */
export function typedName(answer: string): string {
  return storedText(answer.replace(/[ \t\u00A0]+/g, " ").trim(), "line");
}

/** Why `name` (as `typedName` gave it) cannot be a full name, or null when it can. */
export function fullNameProblem(name: string): NameProblem | null {
  if (name === "") return "required";
  if (name.length > FULL_NAME_MAX) return "tooLong";
  if (textProblem(name, "line") !== null) return "letters";
  const problem = nameProblem(name);
  if (problem !== null) return problem.endsWith("nameLink") ? "link" : "letters";
  return /\p{L}/u.test(name) ? null : "letters";
}
