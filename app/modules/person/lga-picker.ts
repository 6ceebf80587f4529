import type { Translate } from "~/i18n/message-key";
import { escapeHtml } from "~/ui/escape-html";
import { lgasOf, NIGERIA_STATES } from "./nigeria";

// The Local Government picker's texts and choices, shared by the React form and the
// script of the page served without React, so both say and offer the same.

/**
 * The picker's words in the reader's language: the script receives them with its messages.
 * Before a state is chosen the list holds every state's LGAs in groups (without JavaScript
 * it cannot follow the state), and its words say so rather than ask for the state first.
 */
export type LgaTexts = { grouped: string; groupedHint: string; choose: string };

export function lgaTexts(t: Translate): LgaTexts {
  const say = (key: string) => t(`register.lga.${key}`, { ns: "public" });
  return { grouped: say("grouped"), groupedHint: say("groupedHint"), choose: say("choose") };
}

// One list per language, written once each.
const allOptionsHtml = new Map<string, string>();

/**
 * The picker's options before a state is chosen, as HTML: every state's LGAs in groups,
 * 811 elements that never change. Written once, they cost the server nothing per page,
 * where rendering them as React elements was a large part of rendering /register.
 * `selected`: a choice kept from a post without a state, marked in the list.
 */
export function allLgaOptionsHtml(texts: LgaTexts, selected = ""): string {
  let html = allOptionsHtml.get(texts.grouped);
  if (html === undefined) {
    html =
      `<option value="">${escapeHtml(texts.grouped)}</option>` +
      NIGERIA_STATES.map(
        (s) =>
          `<optgroup label="${escapeHtml(s.name)}">${s.lgas.map((lga) => `<option value="${escapeHtml(lga)}">${escapeHtml(lga)}</option>`).join("")}</optgroup>`,
      ).join("");
    allOptionsHtml.set(texts.grouped, html);
  }
  if (!selected) return html;
  const option = `<option value="${escapeHtml(selected)}">`;
  return html.replace(option, `<option value="${escapeHtml(selected)}" selected="">`);
}

/**
 * The picker's options in the browser: the state's LGAs once a state is chosen; before
 * that every state's LGAs in groups, as the server renders them for forms without JavaScript.
 */
export function fillLgaPicker(select: HTMLSelectElement, state: string, texts: LgaTexts) {
  if (!state) {
    select.innerHTML = allLgaOptionsHtml(texts);
    return;
  }
  select.replaceChildren(new Option(texts.choose, ""), ...lgasOf(state).map((lga) => new Option(lga, lga)));
}
