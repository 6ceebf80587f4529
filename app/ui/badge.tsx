// A small rounded label: a gender, a speaker type, a delivery state. The tone names
// a colour, not a meaning, so each screen maps its own values to tones in one place.

const TONES = {
  "green-solid": "bg-brand-700 text-white",
  green: "bg-brand-100 text-brand-800",
  gray: "bg-gray-200 text-gray-800",
  orange: "bg-orange-100 text-orange-800",
  blue: "bg-blue-100 text-blue-800",
  sky: "bg-sky-100 text-sky-900",
  purple: "bg-purple-100 text-purple-800",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-800",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone, children }: { tone: BadgeTone; children: React.ReactNode }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}
