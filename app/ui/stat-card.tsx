import type { ReactNode } from "react";
import { Svg } from "./icons";

// A figure with its label, a line of detail and an icon: the dashboard's and the
// operations screen's cards.

export function StatCardIcon({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
      <Svg className="h-5 w-5">{children}</Svg>
    </span>
  );
}

export function StatCard({ label, value, detail, icon }: { label: string; value: string; detail: string; icon: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <dl>
        <dt className="flex items-center justify-between gap-3 text-sm font-medium text-gray-500">
          {label}
          {icon}
        </dt>
        <dd className="mt-1 text-2xl font-bold break-words text-gray-900 tabular-nums">{value}</dd>
        <dd className="mt-1 text-sm text-gray-500">{detail}</dd>
      </dl>
    </div>
  );
}
