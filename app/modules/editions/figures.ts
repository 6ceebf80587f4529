import type { TFunction } from "i18next";
import type { EditionFigures } from "~/db/edition-archive";
import { formatNumber } from "~/i18n/format";
import type { Language } from "~/i18n/languages";

// A past edition in one line: "1,250 young people from 14 states; 980 attended". Pure and
// client-safe (a client-side visit renders /editions too). Each count picks its own plural form
// from the catalogue (`_zero`, `_one`, `_other`), and the sentence puts the three together, so
// a language may order them as it says them.

/** The three numbers the line says. */
export type FigureCounts = { people: number; states: number; attended: number };

/** From an archived edition's figures: its registrations, the states with anyone in them, its check-ins. */
export function figureCounts(figures: Pick<EditionFigures, "registered" | "attended" | "states">): FigureCounts {
  return {
    people: figures.registered,
    states: Object.values(figures.states ?? {}).filter((n) => n > 0).length,
    attended: figures.attended,
  };
}

/** The line in `t`'s language; `language` writes the numbers ("1,250"). */
export function figuresLine(t: TFunction, language: Language, counts: FigureCounts): string {
  if (counts.people === 0 && counts.attended === 0) return t("editions.figures.nobody");
  const part = (key: "people" | "states" | "attended", count: number) =>
    t(`editions.figures.${key}`, { count, number: formatNumber(language, count) });
  const people = part("people", counts.people);
  const attended = part("attended", counts.attended);
  // States are required on the form, so none means the figures predate them: leave them out.
  if (counts.states === 0) return t("editions.figures.lineWithoutStates", { people, attended });
  return t("editions.figures.line", { people, states: part("states", counts.states), attended });
}
