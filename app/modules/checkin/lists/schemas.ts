import { z } from "zod";
import { CHECK_IN_LIST_NAME_MAX, CHECK_IN_LIST_RULES } from "~/db/schema/check-in-lists";
import { LINE_TEXT } from "~/db/text";
import { requiredText, translationsSchema } from "~/forms/field-schemas";

// The organisers' check-in list form (Event Operations), one schema for the browser and the
// action: a name (and its Hausa, for the door that speaks Hausa), the rule, whether the entrance
// comes first, and how many there are. The database checks the same limits again.

export const QUANTITY_MAX = 100_000;

/** Event Operations' `?edit-list=<id>` and `?delete-list=<id>`: the edit form, the confirmation (without JavaScript too). */
export const EDIT_LIST_PARAM = "edit-list";
export const DELETE_LIST_PARAM = "delete-list";
const QUANTITY_MESSAGE = `Please enter a whole number from 0 to ${QUANTITY_MAX.toLocaleString("en-US")}, or leave it empty for no limit`;

/** What each rule means to an organiser, in the form's order. */
export const RULE_LABELS = {
  once: "Once per person",
  daily: "Once per person each day",
  any: "Any number of times (counted)",
} as const satisfies Record<(typeof CHECK_IN_LIST_RULES)[number], string>;

export const checkInListSchema = z.object({
  name: requiredText(CHECK_IN_LIST_NAME_MAX),
  translations: translationsSchema({ name: CHECK_IN_LIST_NAME_MAX }),
  rule: z.enum(CHECK_IN_LIST_RULES, { error: "Please choose how often a person may receive it" }).default("once"),
  // A checkbox: present ("on") when ticked.
  requires_entrance: z
    .string()
    .check(...LINE_TEXT)
    .optional()
    .transform((value) => value === "on"),
  // Empty: no limit. Conform hands an empty input over as undefined.
  quantity: z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || value === "" || /^\d{1,6}$/.test(value), QUANTITY_MESSAGE)
    .transform((value) => (value === undefined || value === "" ? null : Number(value)))
    .refine((value) => value === null || value <= QUANTITY_MAX, QUANTITY_MESSAGE),
});

export type CheckInListInput = z.output<typeof checkInListSchema>;
