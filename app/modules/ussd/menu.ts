import { GENDERS } from "~/modules/person/gender";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { parseDraft, type UssdDraft, type UssdProgress } from "./draft";
import { screenOf } from "./fold-screen";
import { fullNameProblem, typedName } from "./name";
import { MORE, pageOf } from "./paging";
import {
  closedScreen,
  farewellScreen,
  type ListKind,
  listOptions,
  listPages,
  outcomeScreen,
  type UssdLanguage,
  type UssdOutcome,
} from "./screens";
import type { CompleteDraft, Fields, Fold, Screen, UssdContext, UssdStep } from "./types";

// Registration by USSD (Africa's Talking), the menu alone: no database, no I/O. The gateway
// posts `text`, every answer of the session so far joined with "*" ("" at the dial), and the
// route answers with `ussdStep(text, context).reply`. The step replays ALL the answers from the
// first screen each time, so a repeated or retried request gets the same screen, and only the
// LAST answer's action is returned. Hence a typed name cannot hold "*".
//
// Screens, in order (docs/USSD.md shows a whole session): language → name → gender → state
// (pages, the host state first) → local government (pages) → consent → (while WhatsApp is
// configured) "also on WhatsApp?" → confirmation. "0" goes back one screen on all of them but the
// first: name → language, gender → name, state page 1 → gender (a later page → the page before),
// LGA page 1 → the state's page, consent → the LGA's page, WhatsApp → consent, confirmation →
// the screen before it. A registered person gets their own menu instead (resend, cancel → confirm; "0" on
// the confirmation → their menu). A wrong answer repeats the screen with a short message on top.

export type { UssdDraft } from "./draft";
export { parseDraft } from "./draft";
export type { UssdLanguage, UssdOutcome } from "./screens";
export type { CompleteDraft, UssdAction, UssdContext, UssdStep } from "./types";

// A real session is a few dozen answers of at most 182 characters; past these it is not one.
const MAX_ANSWERS = 100;
const MAX_TEXT = 8000;

/** The screen for `text` (see the top of this file), what to keep, and what the route should do. */
export function ussdStep(text: string, context: UssdContext): UssdStep {
  let fold = initial(context);
  if (text === "" || fold.ending) return finish(fold, context);
  const answers = text.length > MAX_TEXT ? [] : text.split("*");
  if (answers.length === 0 || answers.length > MAX_ANSWERS) return expired(fold, context);
  for (const answer of answers) {
    // An answer after an END: the session went on elsewhere (registered meanwhile on the web).
    if (fold.ending) return expired(fold, context);
    fold = step(fold, answer);
  }
  return finish(fold, context);
}

/** The END screen after the route performed the action of a step. */
export function ussdOutcome(outcome: UssdOutcome, language: UssdLanguage): string {
  return outcomeScreen(outcome, language);
}

function initial(context: UssdContext): Fold {
  const fold: Fold = {
    screen: "language",
    page: 0,
    language: null,
    fields: {},
    start: null,
    privacyShown: false,
    offerWhatsApp: context.offerWhatsApp ?? false,
    problem: null,
    action: null,
    ending: null,
  };
  if (context.registration) return { ...fold, screen: "account", language: context.registration.language };
  if (!context.registrationOpen) return { ...fold, ending: { kind: "closed" } };
  const start = resumable(context);
  return start ? { ...fold, screen: "resume", language: start.language, start } : fold;
}

/** What this session offers to continue: what it started from, or what an earlier session left. */
function resumable(context: UssdContext): UssdProgress | null {
  const draft = parseDraft(context.savedDraft);
  const progress = draft === null ? null : draft.sessionId === context.sessionId ? draft.start : draft.progress;
  if (!progress) return null;
  // Agreeing to an older notice is not agreeing to this one: ask again.
  if (progress.consentedVersion === PRIVACY_NOTICE.version) return progress;
  const { consentedVersion: _, ...rest } = progress;
  return { ...rest, at: rest.at === "confirm" || rest.at === "whatsapp" ? "consent" : rest.at };
}

function choice(answer: string): number | null {
  const trimmed = answer.trim();
  return /^[0-9]{1,4}$/.test(trimmed) ? Number(trimmed) : null;
}

function step(previous: Fold, answer: string): Fold {
  const fold: Fold = { ...previous, problem: null, action: null };
  const n = choice(answer);
  const wrong: Fold = { ...fold, problem: "invalid" };
  const language = fold.language ?? "en";
  switch (fold.screen) {
    case "language":
      return n === 1 || n === 2 ? go({ ...fold, language: n === 1 ? "en" : "ha" }, "name") : wrong;
    case "resume":
      if (n === 1 && fold.start) return restore(fold, fold.start);
      return n === 2 ? { ...fold, screen: "language", language: null, fields: {} } : wrong;
    case "name": {
      if (n === 0) return go(fold, "language");
      const fullName = typedName(answer);
      const problem = fullNameProblem(fullName);
      return problem ? { ...fold, problem } : go({ ...fold, fields: { ...fold.fields, fullName } }, "gender");
    }
    case "gender": {
      if (n === 0) return go(fold, "name");
      const gender = n === null ? undefined : GENDERS[n - 1];
      return gender ? go({ ...fold, fields: { ...fold.fields, gender } }, "state") : wrong;
    }
    case "state":
      return pick(fold, n, { list: "state" }, (state) => {
        const fields = state === fold.fields.state ? fold.fields : { ...fold.fields, state, localGovernment: undefined };
        return go({ ...fold, fields }, "lga");
      });
    case "lga":
      return pick(fold, n, { list: "lga", state: fold.fields.state ?? "" }, (localGovernment) =>
        go({ ...fold, fields: { ...fold.fields, localGovernment } }, "consent"),
      );
    case "consent":
      if (n === 0) return go(fold, "lga");
      if (n === 1)
        return go(
          { ...fold, fields: { ...fold.fields, consentedVersion: PRIVACY_NOTICE.version } },
          fold.offerWhatsApp ? "whatsapp" : "confirm",
        );
      return n === 2 ? { ...fold, ending: { kind: "farewell", farewell: "declined" } } : wrong;
    case "whatsapp":
      if (n === 0) return go(fold, "consent");
      return n === 1 || n === 2 ? go({ ...fold, fields: { ...fold.fields, whatsapp: n === 1 } }, "confirm") : wrong;
    case "confirm": {
      if (n === 0) return go(fold, fold.offerWhatsApp ? "whatsapp" : "consent");
      if (n === 2) return go({ ...fold, fields: {} }, "name");
      const draft = complete(language, fold.fields);
      if (n === 1 && draft) return { ...fold, ending: { kind: "act", action: { type: "register", draft } } };
      return n === 1 ? go(fold, firstMissing(fold.fields, fold.offerWhatsApp)) : wrong;
    }
    case "account":
      if (n === 1) return { ...fold, ending: { kind: "act", action: { type: "resend-ticket" } } };
      return n === 2 ? { ...fold, screen: "cancel" } : { ...fold, ending: { kind: "farewell", farewell: "goodbye" } };
    case "cancel":
      if (n === 0) return { ...fold, screen: "account" };
      if (n === 1) return { ...fold, ending: { kind: "act", action: { type: "cancel" } } };
      return n === 2 ? { ...fold, ending: { kind: "farewell", farewell: "kept" } } : wrong;
  }
}

/** An answer on a page of a list: an option, "98" for the next page, "0" for the one before. */
function pick(fold: Fold, n: number | null, kind: ListKind, chosen: (option: string) => Fold): Fold {
  const starts = listPages(fold.language ?? "en", kind);
  const options = listOptions(kind);
  const from = starts[fold.page] ?? 0;
  const to = starts[fold.page + 1] ?? options.length;
  if (n === 0) return fold.page > 0 ? { ...fold, page: fold.page - 1 } : go(fold, kind.list === "state" ? "gender" : "state");
  if (n === Number(MORE) && fold.page + 1 < starts.length) return { ...fold, page: fold.page + 1 };
  const option = n !== null && n >= 1 && n <= to - from ? options[from + n - 1] : undefined;
  return option === undefined ? { ...fold, problem: "invalid" } : chosen(option);
}

/** Onto `screen`: a list opens on the page of what was chosen there before; the consent screen sends the notice's link once a session. */
function go(fold: Fold, screen: Screen): Fold {
  const language = fold.language ?? "en";
  let page = 0;
  if (screen === "state" && fold.fields.state)
    page = pageOf(listPages(language, { list: "state" }), listOptions({ list: "state" }).indexOf(fold.fields.state));
  if (screen === "lga" && fold.fields.state && fold.fields.localGovernment) {
    const kind: ListKind = { list: "lga", state: fold.fields.state };
    page = pageOf(listPages(language, kind), listOptions(kind).indexOf(fold.fields.localGovernment));
  }
  const next: Fold = { ...fold, screen, page };
  if (screen !== "consent" || fold.privacyShown) return next;
  return { ...next, privacyShown: true, action: { type: "send-privacy-link", language } };
}

const ORDER = ["name", "gender", "state", "lga", "consent", "whatsapp", "confirm"] as const;

function firstMissing(fields: Fields, offerWhatsApp: boolean): (typeof ORDER)[number] {
  if (!fields.fullName) return "name";
  if (!fields.gender) return "gender";
  if (!fields.state) return "state";
  if (!fields.localGovernment) return "lga";
  if (fields.consentedVersion !== PRIVACY_NOTICE.version) return "consent";
  return offerWhatsApp && fields.whatsapp === undefined ? "whatsapp" : "confirm";
}

/** "Continue": the saved screen, or an earlier one where the saved details stop. */
function restore(fold: Fold, progress: UssdProgress): Fold {
  const { language, at: saved, page, ...fields } = progress;
  // Saved on the WhatsApp question while WhatsApp was on, and it is off now: the confirmation.
  const at = saved === "whatsapp" && !fold.offerWhatsApp ? "confirm" : saved;
  const missing = firstMissing(fields, fold.offerWhatsApp);
  const screen = ORDER.indexOf(missing) < ORDER.indexOf(at) ? missing : at;
  const restored = go({ ...fold, language, fields }, screen);
  if (screen !== at || (screen !== "state" && screen !== "lga")) return restored;
  const kind: ListKind = screen === "state" ? { list: "state" } : { list: "lga", state: fields.state ?? "" };
  return { ...restored, page: Math.min(page, listPages(language, kind).length - 1) };
}

function complete(language: UssdLanguage, fields: Fields): CompleteDraft | null {
  const { fullName, gender, state, localGovernment, consentedVersion, whatsapp } = fields;
  if (!fullName || !gender || !state || !localGovernment || consentedVersion !== PRIVACY_NOTICE.version) return null;
  return { language, fullName, gender, state, localGovernment, privacyNoticeVersion: consentedVersion, whatsapp: whatsapp === true };
}

function finish(fold: Fold, context: UssdContext): UssdStep {
  const language = fold.language ?? "en";
  const ending = fold.ending;
  if (ending?.kind === "closed") return { reply: closedScreen(context.event.name), draft: null, action: null };
  if (ending?.kind === "farewell") return { reply: farewellScreen(language, ending.farewell), draft: null, action: null };
  if (ending?.kind === "act") {
    // Kept until the route confirms the registration (it deletes the draft then), so a failed one can be continued.
    const draft = ending.action.type === "register" ? draftOf(fold, context) : null;
    return { reply: outcomeScreen({ type: "error" }, language), draft, action: ending.action };
  }
  return { reply: screenOf(fold, context), draft: context.registration ? null : draftOf(fold, context), action: fold.action };
}

function expired(fold: Fold, context: UssdContext): UssdStep {
  return { reply: farewellScreen(fold.language, "expired"), draft: parseDraft(context.savedDraft), action: null };
}

/** What to keep: what the session started from and where it is now (draft.ts). */
function draftOf(fold: Fold, context: UssdContext): UssdDraft | null {
  const progress = fold.screen === "resume" ? fold.start : progressOf(fold);
  if (!progress && !fold.start) return null;
  return { version: 1, sessionId: context.sessionId, start: fold.start, progress };
}

function progressOf(fold: Fold): UssdProgress | null {
  if (fold.language === null) return null;
  const at = (ORDER as readonly string[]).includes(fold.screen) ? (fold.screen as UssdProgress["at"]) : "name";
  const fields = Object.fromEntries(Object.entries(fold.fields).filter(([, value]) => value !== undefined)) as Fields;
  return { language: fold.language, at, page: at === "state" || at === "lga" ? fold.page : 0, ...fields };
}
