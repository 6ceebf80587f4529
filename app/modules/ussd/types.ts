import type { Gender } from "~/modules/person/gender";
import type { UssdDraft, UssdProgress } from "./draft";
import type { Farewell, Problem, UssdLanguage } from "./screens";

// The menu's types: what the route gives and gets (re-exported by menu.ts), and the state the
// menu folds the answers into.

export type UssdContext = {
  /** the gateway's sessionId: tells the draft this session saved from one an earlier session left */
  sessionId: string;
  /** the person's live registration, if this phone number already has one */
  registration:
    | { ticketId: string; language: UssdLanguage; waitlisted?: false }
    | { waitlisted: true; language: UssdLanguage; position: number }
    | null;
  /** the draft last returned for this phone number (by this session or one in the last 30 minutes), or null */
  savedDraft: UssdDraft | null;
  /** `date` as the route formats it in each language; shown with name and venue on a registered person's menu */
  event: { name: string; date: Record<UssdLanguage, string>; venue: string };
  /** false: say registration is closed, END (a registered person still gets their menu) */
  registrationOpen: boolean;
  /** ask "Also send my ticket on WhatsApp?" after the consent (WhatsApp is configured; not in the WhatsApp chat itself) */
  offerWhatsApp?: boolean;
};

/** Everything a registration needs, as typed and chosen (the name NFC, trimmed). */
export type CompleteDraft = {
  language: UssdLanguage;
  fullName: string;
  gender: Gender;
  state: string;
  localGovernment: string;
  /** the PRIVACY_NOTICE version the person agreed to */
  privacyNoticeVersion: string;
  /** asked for the ticket on WhatsApp too */
  whatsapp?: boolean;
};

export type UssdAction =
  | { type: "register"; draft: CompleteDraft }
  | { type: "send-privacy-link"; language: UssdLanguage }
  | { type: "resend-ticket" }
  | { type: "cancel" }
  | null;

export type UssdStep = {
  /** "CON …" (more to come) or "END …"; after register/resend/cancel only a stand-in: show ussdOutcome's */
  reply: string;
  /** what to store for this phone number (replacing what was there); null: delete it */
  draft: UssdDraft | null;
  action: UssdAction;
};

// The fold's state, between two answers.

export type Screen =
  | "language"
  | "resume"
  | "name"
  | "gender"
  | "state"
  | "lga"
  | "consent"
  | "whatsapp"
  | "confirm"
  | "account"
  | "cancel";
export type Fields = Omit<UssdProgress, "language" | "at" | "page">;
type Ending = { kind: "farewell"; farewell: Farewell } | { kind: "closed" } | { kind: "act"; action: NonNullable<UssdAction> };

export type Fold = {
  screen: Screen;
  /** the page of a state or LGA list */
  page: number;
  /** null until chosen on the first screen */
  language: UssdLanguage | null;
  fields: Fields;
  /** what this session started from: see draft.ts */
  start: UssdProgress | null;
  privacyShown: boolean;
  /** the context's offerWhatsApp */
  offerWhatsApp: boolean;
  problem: Problem | null;
  action: UssdAction;
  ending: Ending | null;
};
