import { translator } from "~/i18n/translate.server";
import type { UssdLanguage } from "~/modules/ussd/menu";

// The chat speaks the USSD menu's words (mail.ussd.*) but for a few that name the channel or the
// phone's keypad: "by SMS", "dial again". Those sentences are swapped for the chat's own
// (mail.chat.*) after the menu has laid out its screen, wherever they stand in it, with the values
// they carry (a ticket ID, a place in line) kept. Everything else the person reads is the USSD
// text, so a change there reaches both.

const MARKS = { ticketId: "\u0001", position: "\u0002" } as const;
type Swap = { ussd: string; to: (values: Record<string, string>) => string };

// Literal keys, so the catalogues' check (keys-in-code.test.ts) sees them.
const SWAPS = (language: UssdLanguage, privacyUrl: string): { from: RegExp; to: (values: Record<string, string>) => string }[] => {
  const ussd = translator(language, "mail");
  const pairs: Swap[] = [
    { ussd: ussd("ussd.consent.text"), to: () => ussd("chat.consent", { link: privacyUrl }) },
    { ussd: ussd("ussd.account.resend"), to: () => ussd("chat.resend") },
    { ussd: ussd("ussd.account.resendPlace"), to: () => ussd("chat.resendPlace") },
    {
      ussd: ussd("ussd.outcome.registered", { ticketId: MARKS.ticketId }),
      to: (values) => ussd("chat.registered", { ticketId: values.ticketId ?? "" }),
    },
    {
      ussd: ussd("ussd.outcome.waitlisted", { position: MARKS.position }),
      to: (values) => ussd("chat.waitlisted", { position: values.position ?? "" }),
    },
    { ussd: ussd("ussd.outcome.resent"), to: () => ussd("chat.resent") },
    { ussd: ussd("ussd.consent.declined"), to: () => ussd("chat.declined") },
    { ussd: ussd("ussd.expired"), to: () => ussd("chat.expired") },
  ];
  return pairs.map(({ ussd: text, to }) => ({ from: markedPattern(text), to }));
};

/** The sentence as a pattern: its marks become the values they stand for. */
function markedPattern(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(escaped.replace(MARKS.ticketId, "(?<ticketId>[^\\s.]+)").replace(MARKS.position, "(?<position>\\d+)"));
}

const cache = new Map<string, ReturnType<typeof SWAPS>>();

/** A USSD screen in the chat's words (see the top of this file). */
export function chatWords(reply: string, language: UssdLanguage, privacyUrl: string): string {
  const key = `${language}:${privacyUrl}`;
  let swaps = cache.get(key);
  if (!swaps) {
    swaps = SWAPS(language, privacyUrl);
    cache.set(key, swaps);
  }
  let out = reply;
  for (const { from, to } of swaps) out = out.replace(from, (...args) => to((args.at(-1) as Record<string, string> | undefined) ?? {}));
  return out;
}

/** The chat's own sentences, in the person's language. */
export function chatSay(language: UssdLanguage) {
  const t = translator(language, "mail");
  return {
    choose: t("chat.choose"),
    choosePrompt: t("chat.choosePrompt"),
    stopped: t("chat.stopped"),
    started: t("chat.started"),
    noTicket: t("chat.noTicket"),
  };
}
