import { translator } from "~/i18n/translate.server";
import type { Gender } from "~/modules/person/gender";
import { lgasOf, STATES_HOST_FIRST } from "~/modules/person/nigeria";
import { MORE, optionLine, type PageFrame, pageStarts } from "./paging";
import { clip, SCREEN_MAX, screenText } from "./screen-text";

// The words of every screen, from the catalogues (mail.ussd.*), in 160 GSM-7 characters. The
// catalogue import (translate.server.ts) keeps this file, and the menu, on the server; it
// reads nothing else and writes nothing. Menu logic is in menu.ts.

export type UssdLanguage = "en" | "ha";

/** A message shown on top of a screen that is repeated after a wrong answer. */
export type Problem = "invalid" | "required" | "tooLong" | "link" | "letters";

const PREFIX_LENGTH = 4; // "CON " / "END "

const say = (language: UssdLanguage) => translator(language, "mail");

export function problemText(language: UssdLanguage, problem: Problem, max: number): string {
  const t = say(language);
  switch (problem) {
    case "invalid":
      return t("ussd.invalid");
    case "required":
      return t("ussd.name.required");
    case "tooLong":
      return t("ussd.name.tooLong", { max });
    case "link":
      return t("ussd.name.link");
    case "letters":
      return t("ussd.name.letters");
  }
}

function con(lines: readonly (string | null)[]): string {
  return fitted(`CON ${lines.filter((line) => line !== null).join("\n")}`);
}

function end(lines: readonly (string | null)[]): string {
  return fitted(`END ${lines.filter((line) => line !== null).join("\n")}`);
}

// Every screen is laid out to fit (the tests walk them all); this only guards a catalogue
// text edited too long from making the gateway drop the whole reply.
function fitted(reply: string): string {
  return reply.length <= SCREEN_MAX ? reply : clip(reply, SCREEN_MAX);
}

function genderLabel(language: UssdLanguage, gender: Gender): string {
  const t = say(language);
  if (gender === "male") return t("ussd.gender.male");
  if (gender === "female") return t("ussd.gender.female");
  return t("ussd.gender.other");
}

export function genderScreen(language: UssdLanguage, problem: string | null): string {
  const t = say(language);
  return con([
    problem,
    t("ussd.gender.prompt"),
    optionLine(1, genderLabel(language, "male")),
    optionLine(2, genderLabel(language, "female")),
    optionLine(3, genderLabel(language, "other")),
    optionLine(0, t("ussd.back")),
  ]);
}

export type ListKind = { list: "state" } | { list: "lga"; state: string };

/** The host state, then every other state alphabetically (person/nigeria.ts). */
const STATE_OPTIONS: readonly string[] = STATES_HOST_FIRST.map((s) => s.name);

export function listOptions(kind: ListKind): readonly string[] {
  return kind.list === "state" ? STATE_OPTIONS : lgasOf(kind.state);
}

function listHeader(language: UssdLanguage, kind: ListKind): string {
  const t = say(language);
  return kind.list === "state" ? t("ussd.state.prompt") : t("ussd.lga.prompt");
}

const pagesCache = new Map<string, number[]>();

/** Where each page of a list starts: the same for every request, a wrong answer's message or not. */
export function listPages(language: UssdLanguage, kind: ListKind): number[] {
  const key = `${language}:${kind.list === "state" ? "" : kind.state}`;
  const cached = pagesCache.get(key);
  if (cached) return cached;
  const t = say(language);
  const frame: PageFrame = {
    // "CON " + the longest message + header + "0 Back", each line with its break
    fixed: PREFIX_LENGTH + t("ussd.invalid").length + 1 + listHeader(language, kind).length + 1 + optionLine(0, t("ussd.back")).length,
    moreLine: optionLine(MORE, t("ussd.more")).length + 1,
  };
  const starts = pageStarts(listOptions(kind), frame);
  pagesCache.set(key, starts);
  return starts;
}

export function listScreen(language: UssdLanguage, kind: ListKind, page: number, problem: string | null): string {
  const t = say(language);
  const options = listOptions(kind);
  const starts = listPages(language, kind);
  const from = starts[page] ?? 0;
  const to = starts[page + 1] ?? options.length;
  return con([
    problem,
    listHeader(language, kind),
    ...options.slice(from, to).map((option, i) => optionLine(i + 1, screenText(option))),
    to < options.length ? optionLine(MORE, t("ussd.more")) : null,
    optionLine(0, t("ussd.back")),
  ]);
}

export function nameScreen(language: UssdLanguage, problem: string | null): string {
  const t = say(language);
  return con([problem, t("ussd.name.prompt"), optionLine(0, t("ussd.back"))]);
}

export function consentScreen(language: UssdLanguage, problem: string | null): string {
  const t = say(language);
  return con([
    problem,
    t("ussd.consent.text"),
    optionLine(1, t("ussd.consent.agree")),
    optionLine(2, t("ussd.consent.refuse")),
    optionLine(0, t("ussd.back")),
  ]);
}

/** "Also send my ticket on WhatsApp?", asked after the consent while WhatsApp is configured: nothing is chosen for the person. */
export function whatsappScreen(language: UssdLanguage, problem: string | null): string {
  const t = say(language);
  return con([
    problem,
    t("ussd.whatsapp.prompt"),
    optionLine(1, t("ussd.whatsapp.yes")),
    optionLine(2, t("ussd.whatsapp.no")),
    optionLine(0, t("ussd.back")),
  ]);
}

export type Summary = { fullName: string; gender: Gender; state: string; localGovernment: string };

/** The details to confirm; a long name, LGA or state is cut so the options always show. */
export function confirmScreen(language: UssdLanguage, summary: Summary, problem: string | null): string {
  const t = say(language);
  const head = [problem, t("ussd.confirm.title")];
  const options = [optionLine(1, t("ussd.confirm.confirm")), optionLine(2, t("ussd.resume.restart")), optionLine(0, t("ussd.back"))];
  const fixed = PREFIX_LENGTH + [...head, ...options].filter((line) => line !== null).join("\n").length + 2; // + the breaks before the name and the place
  const available = SCREEN_MAX - fixed;
  const name = screenText(summary.fullName);
  const place = screenText(`${genderLabel(language, summary.gender)}, ${summary.localGovernment}, ${summary.state}`);
  // The place keeps what it needs up to half the room; the name takes the rest.
  const placeRoom = Math.min(place.length, Math.max(Math.floor(available / 2), available - name.length));
  return con([...head, clip(name, available - placeRoom), clip(place, placeRoom), ...options]);
}

export function resumeScreen(language: UssdLanguage, problem: string | null): string {
  const t = say(language);
  return con([problem, t("ussd.resume.title"), optionLine(1, t("ussd.resume.continue")), optionLine(2, t("ussd.resume.restart"))]);
}

const LANGUAGE_NAMES = { en: "English", ha: "Hausa" } as const;

/** The first screen, before anyone chose: in both languages, under the event's name. */
export function languageScreen(eventName: string, wrong: boolean): string {
  const problem = wrong ? `${say("en")("ussd.invalid")} / ${say("ha")("ussd.invalid")}` : null;
  const options = [optionLine(1, LANGUAGE_NAMES.en), optionLine(2, LANGUAGE_NAMES.ha)];
  const fixed = PREFIX_LENGTH + [problem, ...options].filter((line) => line !== null).join("\n").length + 1;
  return con([problem, clip(screenText(eventName), SCREEN_MAX - fixed), ...options]);
}

/** Registration is closed, said in both languages: nobody has chosen one. */
export function closedScreen(eventName: string): string {
  const lines = [say("en")("ussd.closed"), say("ha")("ussd.closed")];
  const fixed = PREFIX_LENGTH + lines.join("\n").length + 1;
  return end([clip(screenText(eventName), SCREEN_MAX - fixed), ...lines]);
}

export type Holder = { ticketId: string; waitlisted?: false } | { waitlisted: true; position: number };
export type EventLine = { name: string; date: string; venue: string };

/** A registered person's menu: their ticket (or place in line) under the event's name and date. */
export function accountScreen(language: UssdLanguage, holder: Holder, event: EventLine): string {
  const t = say(language);
  const status = holder.waitlisted
    ? t("ussd.account.waitlisted", { position: holder.position })
    : t("ussd.account.ticket", { ticketId: holder.ticketId });
  const options = holder.waitlisted
    ? [optionLine(1, t("ussd.account.resendPlace")), optionLine(2, t("ussd.account.leave"))]
    : [optionLine(1, t("ussd.account.resend")), optionLine(2, t("ussd.account.cancel"))];
  const rest = [screenText(status), ...options, optionLine(0, t("ussd.account.exit"))];
  const fixed = PREFIX_LENGTH + rest.join("\n").length + 1;
  const heading = screenText([event.name, event.date, event.venue].filter((part) => part.trim() !== "").join(", "));
  return con([clip(heading, SCREEN_MAX - fixed), ...rest]);
}

export function cancelScreen(language: UssdLanguage, holder: Holder, problem: string | null): string {
  const t = say(language);
  const question = holder.waitlisted ? t("ussd.account.leaveQuestion") : t("ussd.account.cancelQuestion", { ticketId: holder.ticketId });
  const options = holder.waitlisted
    ? [optionLine(1, t("ussd.account.leaveYes")), optionLine(2, t("ussd.account.leaveNo"))]
    : [optionLine(1, t("ussd.account.cancelYes")), optionLine(2, t("ussd.account.cancelNo"))];
  return con([problem, screenText(question), ...options, optionLine(0, t("ussd.back"))]);
}

export type Farewell = "declined" | "kept" | "goodbye" | "expired";

export function farewellScreen(language: UssdLanguage | null, farewell: Farewell): string {
  if (language === null) return end([farewellText("en", farewell), farewellText("ha", farewell)]);
  return end([farewellText(language, farewell)]);
}

function farewellText(language: UssdLanguage, farewell: Farewell): string {
  const t = say(language);
  if (farewell === "declined") return t("ussd.consent.declined");
  if (farewell === "kept") return t("ussd.account.kept");
  if (farewell === "goodbye") return t("ussd.account.goodbye");
  return t("ussd.expired");
}

/** What the route did with a step's action, for the screen that ends the session (menu.ts: ussdOutcome). */
export type UssdOutcome =
  | { type: "registered"; ticketId: string }
  | { type: "waitlisted"; position: number }
  | { type: "full" }
  | { type: "closed" }
  | { type: "already-registered"; ticketId: string }
  | { type: "resent" }
  | { type: "resend-limited" }
  | { type: "cancelled"; ticketId: string }
  | { type: "left-waitlist" }
  | { type: "checked-in" }
  | { type: "busy" }
  | { type: "error" };

export function outcomeScreen(outcome: UssdOutcome, language: UssdLanguage): string {
  const t = say(language);
  switch (outcome.type) {
    case "registered":
      return end([t("ussd.outcome.registered", { ticketId: screenText(outcome.ticketId) })]);
    case "waitlisted":
      return end([t("ussd.outcome.waitlisted", { position: outcome.position })]);
    case "full":
      return end([t("ussd.outcome.full")]);
    case "closed":
      return end([t("ussd.closed")]);
    case "already-registered":
      return end([t("ussd.outcome.alreadyRegistered", { ticketId: screenText(outcome.ticketId) })]);
    case "resent":
      return end([t("ussd.outcome.resent")]);
    case "resend-limited":
      return end([t("ussd.outcome.resendLimited")]);
    case "cancelled":
      return end([t("ussd.outcome.cancelled", { ticketId: screenText(outcome.ticketId) })]);
    case "left-waitlist":
      return end([t("ussd.outcome.leftWaitlist")]);
    case "checked-in":
      return end([t("ussd.outcome.checkedIn")]);
    case "busy":
      return end([t("ussd.outcome.busy")]);
    default:
      return end([t("ussd.outcome.error")]);
  }
}
