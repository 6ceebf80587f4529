import { z } from "zod";
import { optionalText, requiredText } from "~/forms/field-schemas";
import { endsAfterStart, eventHoursFields } from "~/modules/settings/event-hours";
import { CAPACITY_MESSAGE, checkbox, eventDate, MAX_ATTENDEES_LIMIT, wholeNumber } from "~/modules/settings/schemas";

// The "Start the Next Edition" form, checked the same way in the browser and on the server.

/** What may carry over into the next edition, in the form's order, with the words it shows. */
export const CARRY_OVER = [
  ["speakers", "Speakers"],
  ["special_guests", "Special guests"],
  ["agenda", "Agenda"],
  ["partners", "Partners"],
  ["about", "About text"],
  ["contacts", "Contact e-mail and phone"],
  ["guest_of_honor", "Guest of honour"],
] as const;

export type CarryOverKind = (typeof CARRY_OVER)[number][0];
export type CarryOver = Record<CarryOverKind, boolean>;

/** Kept unless unticked: the agenda is the one thing each year writes anew. */
export const CARRY_OVER_DEFAULTS: CarryOver = {
  speakers: true,
  special_guests: true,
  agenda: false,
  partners: true,
  about: true,
  contacts: true,
  guest_of_honor: true,
};

const EDITION_INTENTS = ["review", "edit", "confirm"] as const;

export const nextEditionSchema = z
  .object({
    intent: z.enum(EDITION_INTENTS).default("review"),
    name: requiredText(80),
    name_ha: optionalText(80),
    // The site's name: "Zamfara Youth Summit 2026" would otherwise stay on the 2027 summit.
    event_name: requiredText(120),
    event_date: eventDate,
    ...eventHoursFields,
    venue: requiredText(200),
    max_attendees: wholeNumber(MAX_ATTENDEES_LIMIT, CAPACITY_MESSAGE),
    ...(Object.fromEntries(CARRY_OVER.map(([kind]) => [`keep_${kind}`, checkbox])) as Record<`keep_${CarryOverKind}`, typeof checkbox>),
  })
  .refine(...endsAfterStart)
  .transform(({ intent, name, name_ha, event_name, event_date, event_starts_at, event_ends_at, venue, max_attendees, ...boxes }) => ({
    intent,
    name,
    name_ha,
    event_name,
    event_date,
    event_starts_at,
    event_ends_at,
    venue,
    max_attendees,
    keep: Object.fromEntries(CARRY_OVER.map(([kind]) => [kind, boxes[`keep_${kind}`]])) as CarryOver,
  }));

export type NextEditionInput = z.output<typeof nextEditionSchema>;

// Suggestions for the form's names, which the organiser may change.
const ORDINALS_EN = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth"];
const ORDINALS_HA = ["farko", "biyu", "uku", "huɗu", "biyar", "shida", "bakwai", "takwas", "tara", "goma"];

/** Edition 2 → "Second edition" and "Zagaye na biyu" (the first edition's names, counted on). */
export function suggestEditionNames(number: number): { name: string; name_ha: string } {
  const en = ORDINALS_EN[number - 1];
  const ha = ORDINALS_HA[number - 1];
  return { name: en ? `${en} edition` : `Edition ${number}`, name_ha: `Zagaye na ${ha ?? number}` };
}

/**
 * The site's name for the next edition: the year of the edition that ends, written as a word of
 * its own, becomes the next one's ("Zamfara Youth Summit 2026" → "… 2027"). A name without that
 * year is proposed as it is.
 */
export function nameForYear(name: string, endingYear: string, nextYear: string): string {
  return name.replace(new RegExp(`(?<![0-9])${endingYear}(?![0-9])`, "g"), nextYear);
}

export const NEXT_EDITION_MESSAGES = {
  notConcluded: "The current edition has not concluded yet. Its date can still be changed in Event Settings.",
  dateNotFuture: "The next edition's date must be in the future",
} as const;
