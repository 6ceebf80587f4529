import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { BRAND } from "~/ui/brand";
import type { StateCount } from "./dashboard.server";
import type { GenderSlice } from "./gender";
import { shortStateName } from "./recent-registrations";
import type { DayCount, SourceCount } from "./registration-trends.server";

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

/** A ranked list as horizontal bars, most first: the top states, the top sources. `name` is the tooltip's full name. */
function RankedBar({ rows, unit }: { rows: { name: string; label: string; count: number }[]; unit: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 32, bottom: 4, left: 4 }}>
        <CartesianGrid horizontal={false} stroke="#f3f4f6" />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: "#6b7280" }} axisLine={false} tickLine={false} />
        <YAxis type="category" dataKey="label" width={112} tick={{ fontSize: 12, fill: "#374151" }} axisLine={false} tickLine={false} />
        <Tooltip
          cursor={{ fill: "#f0fdf4" }}
          contentStyle={tooltipStyle}
          formatter={(value) => [Number(value).toLocaleString("en-US"), unit]}
          labelFormatter={(_label, payload) => payload?.[0]?.payload?.name ?? _label}
        />
        <Bar dataKey="count" name={unit} fill="#16a34a" radius={[0, 4, 4, 0]} maxBarSize={32} isAnimationActive={false}>
          <LabelList dataKey="count" position="right" fill="#374151" fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export function TopStatesBar({ states }: { states: StateCount[] }) {
  return <RankedBar rows={states.map((s) => ({ ...s, label: shortStateName(s.name) }))} unit="Registrants" />;
}

/** Long source names cut to fit the axis; the tooltip has the whole name. */
const axisLabel = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);

export function TopSourcesBar({ sources }: { sources: SourceCount[] }) {
  return <RankedBar rows={sources.map((s) => ({ ...s, label: axisLabel(s.name) }))} unit="Registrations" />;
}

/** "3 Aug" for 2026-08-03 (a Lagos day, drawn as it is whatever the browser's zone). */
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** Each day's registrations as bars (left axis), the running total as a line (right axis). */
export function RegistrationsPerDayChart({ days }: { days: DayCount[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 4, left: 4 }}>
        <CartesianGrid vertical={false} stroke="#f3f4f6" />
        <XAxis
          dataKey="day"
          tickFormatter={shortDay}
          minTickGap={16}
          tick={{ fontSize: 12, fill: "#6b7280" }}
          axisLine={false}
          tickLine={false}
        />
        <YAxis yAxisId="day" allowDecimals={false} width={40} tick={{ fontSize: 12, fill: "#6b7280" }} axisLine={false} tickLine={false} />
        <YAxis
          yAxisId="total"
          orientation="right"
          allowDecimals={false}
          width={48}
          tick={{ fontSize: 12, fill: "#6b7280" }}
          axisLine={false}
          tickLine={false}
        />
        <Tooltip
          cursor={{ fill: "#f0fdf4" }}
          contentStyle={tooltipStyle}
          labelFormatter={(day) => shortDay(String(day))}
          formatter={(value, name) => [Number(value).toLocaleString("en-US"), name]}
        />
        <Legend
          verticalAlign="bottom"
          iconType="circle"
          formatter={(name: string) => <span className="text-sm text-gray-700">{name}</span>}
        />
        <Bar
          yAxisId="day"
          dataKey="count"
          name="Registrations that day"
          fill="#16a34a"
          radius={[3, 3, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
        <Line
          yAxisId="total"
          dataKey="total"
          name="Total so far"
          type="monotone"
          stroke={BRAND[700]}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
