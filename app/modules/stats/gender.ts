import { GENDER_LABELS, GENDERS, type Gender } from "~/modules/person/gender";
import { wholePercents } from "~/ui/share";

// Pure helpers for the dashboard's gender figures: whole percentages of the total that add up
// to 100; male green, female lighter green, other grey. The dashboard's
// client bundle uses these too, so nothing here may reach the server or the database.

export type GenderBreakdown = Record<Gender, number>;

export const GENDER_COLORS: Record<Gender, string> = { male: "#16a34a", female: "#86efac", other: "#9ca3af" };

export const EMPTY_GENDER_BREAKDOWN: GenderBreakdown = { male: 0, female: 0, other: 0 };

export type GenderSplit = {
  male: number;
  female: number;
  other: number;
  /** "54% / 46%", "57% / 40% / 3%" with Other, or "N/A" when fewer than two genders are present */
  label: string;
  /** what the label's parts are: "Male / Female", with "/ Other" when Other is counted */
  parts: string;
};

/**
 * The Gender Split card: each gender's share of ALL registrants, adding up to 100 (Other shown
 * when anyone chose it). A split of one gender says nothing, hence N/A.
 */
export function genderSplit(breakdown: GenderBreakdown): GenderSplit {
  const [male = 0, female = 0, other = 0] = wholePercents([breakdown.male, breakdown.female, breakdown.other]);
  const present = GENDERS.filter((g) => breakdown[g] > 0).length;
  const withOther = breakdown.other > 0;
  const label = present < 2 ? "N/A" : withOther ? `${male}% / ${female}% / ${other}%` : `${male}% / ${female}%`;
  return { male, female, other, label, parts: withOther ? "Male / Female / Other" : "Male / Female" };
}

export type GenderSlice = { gender: Gender; name: string; value: number; percent: number; color: string };

/** Slices for the donut chart: genders with at least one registrant, in a fixed order. */
export function genderSlices(breakdown: GenderBreakdown): GenderSlice[] {
  const percents = wholePercents(GENDERS.map((g) => breakdown[g]));
  return GENDERS.flatMap((gender, i) =>
    breakdown[gender] > 0
      ? [{ gender, name: GENDER_LABELS[gender], value: breakdown[gender], percent: percents[i] ?? 0, color: GENDER_COLORS[gender] }]
      : [],
  );
}
