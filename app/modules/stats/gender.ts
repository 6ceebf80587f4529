import { GENDER_LABELS, GENDERS, type Gender } from "~/modules/person/gender";

// Pure helpers for the dashboard's gender figures: rounded integer percentages of the
// share of the total; male green, female lighter green, other grey. The dashboard's
// client bundle uses these too, so nothing here may reach the server or the database.

export type GenderBreakdown = Record<Gender, number>;

export const GENDER_COLORS: Record<Gender, string> = { male: "#16a34a", female: "#86efac", other: "#9ca3af" };

export const EMPTY_GENDER_BREAKDOWN: GenderBreakdown = { male: 0, female: 0, other: 0 };

/** Rounded integer share of the total, 0 when there is no total. */
export function percentOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

export type GenderSplit = {
  male: number;
  female: number;
  /** "54% / 46%", or "N/A" when fewer than two genders are present */
  label: string;
};

/**
 * The Gender Split card: male and female shares of ALL registrants (so with "other"
 * present they add up to less than 100). A split of one gender says nothing, hence N/A.
 */
export function genderSplit(breakdown: GenderBreakdown): GenderSplit {
  const total = breakdown.male + breakdown.female + breakdown.other;
  const male = percentOf(breakdown.male, total);
  const female = percentOf(breakdown.female, total);
  const present = GENDERS.filter((g) => breakdown[g] > 0).length;
  return { male, female, label: present < 2 ? "N/A" : `${male}% / ${female}%` };
}

export type GenderSlice = { gender: Gender; name: string; value: number; percent: number; color: string };

/** Slices for the donut chart: genders with at least one registrant, in a fixed order. */
export function genderSlices(breakdown: GenderBreakdown): GenderSlice[] {
  const total = breakdown.male + breakdown.female + breakdown.other;
  return GENDERS.filter((g) => breakdown[g] > 0).map((gender) => ({
    gender,
    name: GENDER_LABELS[gender],
    value: breakdown[gender],
    percent: percentOf(breakdown[gender], total),
    color: GENDER_COLORS[gender],
  }));
}
