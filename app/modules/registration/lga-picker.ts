import { escapeHtml } from "~/ui/escape-html";
import { lgasOf, NIGERIA_STATES } from "./nigeria";

// The Local Government picker's texts and choices, shared by the React form and the
// script of the page served without React, so both say and offer the same.

/** The hint under the picker while no state is chosen. */
export const LGA_HINT = "Choose your state first";

export function lgaPlaceholder(state: string): string {
  return state ? "Select local government" : "Select state first";
}

let allOptionsHtml: string | undefined;

/**
 * The picker's options before a state is chosen, as HTML: every state's LGAs in groups,
 * 811 elements that never change. Written once, they cost the server nothing per page,
 * where rendering them as React elements was a large part of rendering /register.
 * `selected`: a choice kept from a post without a state, marked in the list.
 */
export function allLgaOptionsHtml(selected = ""): string {
  allOptionsHtml ??=
    `<option value="">${escapeHtml(lgaPlaceholder(""))}</option>` +
    NIGERIA_STATES.map(
      (s) =>
        `<optgroup label="${escapeHtml(s.name)}">${s.lgas.map((lga) => `<option value="${escapeHtml(lga)}">${escapeHtml(lga)}</option>`).join("")}</optgroup>`,
    ).join("");
  if (!selected) return allOptionsHtml;
  const option = `<option value="${escapeHtml(selected)}">`;
  return allOptionsHtml.replace(option, `<option value="${escapeHtml(selected)}" selected="">`);
}

/**
 * The picker's options in the browser: the state's LGAs once a state is chosen; before
 * that every state's LGAs in groups, as the server renders them for forms without JavaScript.
 */
export function fillLgaPicker(select: HTMLSelectElement, state: string) {
  if (!state) {
    select.innerHTML = allLgaOptionsHtml();
    return;
  }
  select.replaceChildren(new Option(lgaPlaceholder(state), ""), ...lgasOf(state).map((lga) => new Option(lga, lga)));
}
