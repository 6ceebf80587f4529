// `node --import tsx scripts/ussd-transcript.ts`: whole USSD sessions, screen by screen, as
// markdown with each screen's length, made by the menu itself (app/modules/ussd/menu.ts), so
// docs/USSD.md shows what a phone shows. Paste its output there after changing a screen
// (ussd-transcript.test.ts fails until then).

import path from "node:path";
import { type UssdContext, type UssdOutcome, ussdOutcome, ussdStep } from "~/modules/ussd/menu";
import { ussdContext } from "~/modules/ussd/test-data";

type Session = {
  title: string;
  context: UssdContext;
  /** each answer with what the person does, in words */
  answers: readonly (readonly [answer: string, doing: string])[];
  /** what the route reports after the last answer's action */
  outcome?: UssdOutcome;
};

const TICKET = "ZYS-MH4K2X1A-AB23CD";

function toGusau(language: "1" | "2", name: string, gender: string): [string, string][] {
  return [
    [language, language === "1" ? "chooses English" : "chooses Hausa"],
    [name, "types the name"],
    [gender, "chooses a gender"],
    ["1", "chooses Zamfara, the host state"],
    ["9", "a wrong answer"],
    ["7", "chooses Gusau"],
    ["1", "agrees"],
    ["1", "confirms"],
  ];
}

const SESSIONS: Session[] = [
  {
    title: "Registering, in English",
    context: ussdContext(),
    answers: toGusau("1", "Amina Bello", "2"),
    outcome: { type: "registered", ticketId: TICKET },
  },
  {
    title: "Registering, in Hausa",
    context: ussdContext(),
    answers: toGusau("2", "Ɗahiru Ƙabir", "1"),
    outcome: { type: "registered", ticketId: TICKET },
  },
  {
    title: "From another state (English): the pages of states",
    context: ussdContext(),
    answers: [
      ["1", "chooses English"],
      ["Musa Sani", "types the name"],
      ["1", "chooses a gender"],
      ["98", "next page of states"],
      ["98", "next page"],
      ["98", "next page"],
      ["98", "last page"],
      ["3", "chooses Sokoto"],
    ],
  },
  {
    title: "Continuing after the call dropped (Hausa)",
    context: ussdContext({
      sessionId: "ATUid_second",
      savedDraft: ussdStep("2*Ɗahiru Ƙabir*1*1", ussdContext({ sessionId: "ATUid_first" })).draft,
    }),
    answers: [
      ["1", "continues"],
      ["7", "chooses Gusau"],
      ["2", "does not agree"],
    ],
  },
  {
    title: "Already registered (Hausa): cancelling",
    context: ussdContext({ registration: { ticketId: TICKET, language: "ha" } }),
    answers: [
      ["2", "cancel my registration"],
      ["1", "yes"],
    ],
    outcome: { type: "cancelled", ticketId: TICKET },
  },
  {
    title: "Already registered (English): the ticket again",
    context: ussdContext({ registration: { ticketId: TICKET, language: "en" } }),
    answers: [["1", "send my ticket by SMS again"]],
    outcome: { type: "resent" },
  },
];

function block(reply: string): string {
  return ["```", reply, "```"].join("\n");
}

function transcript(session: Session): string {
  const out = [`### ${session.title}`, ""];
  const answers = session.answers.map(([answer]) => answer);
  for (let i = 0; i <= answers.length; i++) {
    const text = answers.slice(0, i).join("*");
    const step = ussdStep(text, session.context);
    const doing = i === 0 ? "dials the code" : `${session.answers[i - 1]?.[1]}: \`${answers[i - 1]}\``;
    const action = step.action ? ` — action \`${step.action.type}\`` : "";
    const last = i === answers.length && session.outcome && step.action;
    if (last && session.outcome) {
      const language = step.action?.type === "register" ? step.action.draft.language : (session.context.registration?.language ?? "en");
      const reply = ussdOutcome(session.outcome, language);
      out.push(
        `${i + 1}. ${doing}${action}; the route reports \`${session.outcome.type}\` — ${reply.length} characters`,
        "",
        block(reply),
        "",
      );
    } else {
      out.push(`${i + 1}. ${doing}${action} — ${step.reply.length} characters`, "", block(step.reply), "");
    }
  }
  return out.join("\n");
}

/** Every session above as markdown. */
export function ussdTranscript(): string {
  return SESSIONS.map(transcript).join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.stdout.write(ussdTranscript());
}
