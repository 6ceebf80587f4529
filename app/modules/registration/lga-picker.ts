import { lgasOf, NIGERIA_STATES } from "./nigeria";

// The Local Government picker's texts and choices, shared by the React form and the
// script of the page served without React, so both say and offer the same.

/** The hint under the picker while no state is chosen. */
export const LGA_HINT = "Choose your state first";

export function lgaPlaceholder(state: string): string {
  return state ? "Select local government" : "Select state first";
}

/**
 * The picker's options in the DOM: the state's LGAs once a state is chosen; before that
 * every state's LGAs in groups, so a form without JavaScript can still be filled in.
 */
export function lgaOptions(state: string): (HTMLOptionElement | HTMLOptGroupElement)[] {
  const placeholder = new Option(lgaPlaceholder(state), "");
  if (state) return [placeholder, ...lgasOf(state).map((lga) => new Option(lga, lga))];
  return [
    placeholder,
    ...NIGERIA_STATES.map((s) => {
      const group = document.createElement("optgroup");
      group.label = s.name;
      group.append(...s.lgas.map((lga) => new Option(lga, lga)));
      return group;
    }),
  ];
}
