import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// The Feedback page's recharts chart, loaded lazily in the browser only (feedback-overview.tsx),
// so recharts never reaches the server render or any public page.

const tooltipStyle = { borderRadius: 8, borderColor: "#e5e7eb", fontSize: 13 };

/** How many gave each rating, 1 to 5, as upright bars. */
export function RatingBars({ ratings }: { ratings: { rating: number; count: number }[] }) {
  const data = ratings.map((r) => ({ ...r, label: `${r.rating} ★` }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 20, right: 8, bottom: 4, left: -16 }}>
        <CartesianGrid vertical={false} stroke="#f3f4f6" />
        <XAxis dataKey="label" tick={{ fontSize: 13, fill: "#374151" }} axisLine={false} tickLine={false} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#6b7280" }} axisLine={false} tickLine={false} />
        <Tooltip
          cursor={{ fill: "#f0fdf4" }}
          contentStyle={tooltipStyle}
          formatter={(value) => [Number(value).toLocaleString("en-US"), "Answers"]}
          labelFormatter={(label) => `Rated ${String(label).replace(" ★", "")}`}
        />
        <Bar dataKey="count" name="Answers" fill="#16a34a" radius={[4, 4, 0, 0]} maxBarSize={56} isAnimationActive={false}>
          <LabelList dataKey="count" position="top" fill="#374151" fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
