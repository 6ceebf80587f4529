import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { StateCount } from "./dashboard.server";
import type { GenderSlice } from "./gender";
import { shortStateName } from "./recent-registrations";

// The dashboard's recharts charts. Loaded lazily in the browser only (chart-panels.tsx),
// so recharts never reaches the server render, the admin layout or any public page.

const tooltipStyle = { borderRadius: 8, borderColor: "#e5e7eb", fontSize: 13 };

export function GenderDonut({ slices }: { slices: GenderSlice[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie
          data={slices}
          dataKey="value"
          nameKey="name"
          innerRadius="55%"
          outerRadius="80%"
          // From twelve o'clock, clockwise, as people read a pie.
          startAngle={90}
          endAngle={-270}
          paddingAngle={slices.length > 1 ? 2 : 0}
          stroke="#ffffff"
          isAnimationActive={false}
        >
          {slices.map((s) => (
            <Cell key={s.gender} fill={s.color} />
          ))}
        </Pie>
        <Tooltip
          contentStyle={tooltipStyle}
          formatter={(value, name) => {
            const slice = slices.find((s) => s.name === name);
            return [`${Number(value).toLocaleString("en-US")} (${slice?.percent ?? 0}%)`, name];
          }}
        />
        <Legend
          verticalAlign="bottom"
          iconType="circle"
          // Male, Female, Other as in the cards, not alphabetical (recharts' default).
          itemSorter={(item) => slices.findIndex((s) => s.name === item.value)}
          formatter={(name: string) => {
            const slice = slices.find((s) => s.name === name);
            return <span className="text-sm text-gray-700">{`${name} ${slice?.percent ?? 0}%`}</span>;
          }}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}

export function TopStatesBar({ states }: { states: StateCount[] }) {
  const data = states.map((s) => ({ ...s, label: shortStateName(s.name) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 32, bottom: 4, left: 4 }}>
        <CartesianGrid horizontal={false} stroke="#f3f4f6" />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: "#6b7280" }} axisLine={false} tickLine={false} />
        <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 12, fill: "#374151" }} axisLine={false} tickLine={false} />
        <Tooltip
          cursor={{ fill: "#f0fdf4" }}
          contentStyle={tooltipStyle}
          formatter={(value) => [Number(value).toLocaleString("en-US"), "Registrants"]}
          labelFormatter={(_label, payload) => payload?.[0]?.payload?.name ?? _label}
        />
        <Bar dataKey="count" name="Registrants" fill="#16a34a" radius={[0, 4, 4, 0]} maxBarSize={32} isAnimationActive={false}>
          <LabelList dataKey="count" position="right" fill="#374151" fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
