import type { WhatsAppPayload } from "~/modules/whatsapp/payload";

// A USSD screen ("CON …" / "END …", ussd/screens.ts) as a WhatsApp message. The chat walks the
// USSD menu itself (menu.ts), so its screens are the USSD ones: the lines of text, then the
// numbered options at the bottom ("1 English", "98 More", "0 Back"). Here they become what a
// phone shows best: up to three short options as reply buttons, more as a list (a USSD page holds
// at most 8 options with "More" and "Back": 10 rows, WhatsApp's most), none as plain text. The
// option's number is its reply id, so a tap and a typed "2" are the same answer to the menu.

export type ChatScreen = {
  payload: WhatsAppPayload;
  /** an "END" screen: the conversation's menu is over */
  ended: boolean;
};

type Option = { id: string; label: string };

// Meta's limits: a reply button's title 20 characters, a list row's title 24 and description 72.
const BUTTON_TITLE = 20;
const ROW_TITLE = 24;
const ROW_DESCRIPTION = 72;
const OPTION_LINE = /^(\d{1,2}) (\S.*)$/;

/** Cut to `max` characters (whole characters, not UTF-16 halves), with "…" where cut. */
function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join("")}…`;
}

const length = (text: string) => Array.from(text).length;

/** The options at the bottom of a screen, and the text above them. */
function split(body: string): { text: string; options: Option[] } {
  const lines = body.split("\n");
  const options: Option[] = [];
  while (lines.length > 0) {
    const match = OPTION_LINE.exec(lines[lines.length - 1] ?? "");
    if (!match?.[1] || !match[2]) break;
    options.unshift({ id: match[1], label: match[2] });
    lines.pop();
  }
  return { text: lines.join("\n").trim(), options };
}

/**
 * The WhatsApp message for a USSD reply. `chooseLabel`: the button that opens a list, in the
 * person's language; `fallbackText`: the body when a screen has options and no text of its own.
 */
export function chatScreen(reply: string, words: { chooseLabel: string; fallbackText: string }): ChatScreen {
  const ended = reply.startsWith("END ");
  const body = reply.replace(/^(CON|END) /, "");
  const { text, options } = split(body);
  if (options.length === 0) return { payload: { type: "text", text: { body: text || words.fallbackText } }, ended };
  const shown = text || words.fallbackText;
  if (options.length <= 3 && options.every((option) => length(option.label) <= BUTTON_TITLE)) {
    return {
      payload: {
        type: "interactive",
        interactive: {
          type: "button",
          body: { text: cut(shown, 1024) },
          action: { buttons: options.map((option) => ({ type: "reply" as const, reply: { id: option.id, title: option.label } })) },
        },
      },
      ended,
    };
  }
  const rows = options.slice(0, 10).map((option) => {
    const long = length(option.label) > ROW_TITLE;
    return {
      id: option.id,
      title: cut(option.label, ROW_TITLE),
      ...(long ? { description: cut(option.label, ROW_DESCRIPTION) } : {}),
    };
  });
  return {
    payload: {
      type: "interactive",
      interactive: {
        type: "list",
        body: { text: cut(shown, 4096) },
        action: { button: cut(words.chooseLabel, BUTTON_TITLE), sections: [{ rows }] },
      },
    },
    ended,
  };
}
