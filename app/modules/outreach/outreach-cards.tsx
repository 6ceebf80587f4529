import { partOf, percentOf } from "~/ui/share";
import { StatCard, StatCardIcon } from "~/ui/stat-card";
import type { OutreachFigures } from "./figures.server";

// The Outreach page's figures at a glance: visits through the tracked links, the registrations
// they brought (sources and invite links together) against all registrations, the conversion
// rate, and the source that brought the most people.

const number = (n: number) => n.toLocaleString("en-US");

export function OutreachCards({ figures }: { figures: OutreachFigures }) {
  const { sources, invited, total } = figures;
  const tracked = total.registrations - figures.direct.registrations;
  const most = Math.max(0, ...sources.map((s) => s.registrations));
  const leaders = most > 0 ? sources.filter((s) => s.registrations === most) : [];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="outreach-figures">
      <StatCard
        label="Visits"
        value={number(total.visits)}
        detail={`${number(invited.visits ?? 0)} through invite links`}
        icon={
          <StatCardIcon>
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
          </StatCardIcon>
        }
      />
      <StatCard
        label="Brought by links"
        value={number(tracked)}
        detail={`${partOf(tracked, total.registrations)} registrations`}
        icon={
          <StatCardIcon>
            <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
            <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
          </StatCardIcon>
        }
      />
      <StatCard
        label="Conversion"
        value={total.visits > 0 ? `${percentOf(tracked, total.visits)}%` : "N/A"}
        detail={total.visits > 0 ? "Registrations per visit" : "No visits yet"}
        icon={
          <StatCardIcon>
            <path d="M3 3v18h18" />
            <path d="m7 14 4-4 4 4 5-5" />
          </StatCardIcon>
        }
      />
      <StatCard
        label="Best source"
        value={number(most)}
        detail={
          leaders.length === 0
            ? "No source has brought anyone yet"
            : leaders.length === 1
              ? (leaders[0]?.name ?? "")
              : `${leaders.length} sources tied`
        }
        icon={
          <StatCardIcon>
            <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4Z" />
            <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
          </StatCardIcon>
        }
      />
    </div>
  );
}
