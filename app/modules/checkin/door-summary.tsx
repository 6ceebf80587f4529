import { useTranslation } from "react-i18next";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { lagosClock } from "~/ui/date-time";
import type { DoorConflict } from "./door-sync.server";

// Per-door counts and the tickets let in at two doors, in the door's language: on the door
// screen (the latest few) and on Event Operations (all of them).

type Dated = Date | string;
type Conflict = Omit<DoorConflict, "first" | "second"> & { first: { door: string; at: Dated }; second: { door: string; at: Dated } };

/** Counts per door: the entrance's check-ins, or (`heading` naming it) what a check-in list gave. */
export function DoorCounts({ doors, heading }: { doors: { door: string; count: number }[]; heading?: string }) {
  const { t, i18n } = useTranslation("door");
  if (doors.length === 0) return null;
  return (
    <section aria-labelledby="doors-heading">
      <h2 id="doors-heading" className="text-sm font-semibold text-gray-700">
        {heading ?? t("doors.heading")}
      </h2>
      <ul className="mt-1 flex flex-wrap gap-2" data-testid="door-counts">
        {doors.map((d) => (
          <li key={d.door} className="rounded-full border border-gray-200 bg-white px-3 py-1 text-sm text-gray-800">
            {d.door || t("doors.unnamed")}: <strong>{formatNumber(languageOr(i18n.language), d.count)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DoorConflicts({ conflicts, total, moreHref }: { conflicts: Conflict[]; total: number; moreHref?: string }) {
  const { t } = useTranslation("door");
  if (total === 0) return null;
  const doorOf = (door: string) => door || t("doors.unnamed");
  return (
    <section
      aria-labelledby="conflicts-heading"
      className="rounded-2xl border border-red-300 bg-red-50 px-4 py-3 text-red-950"
      data-testid="door-conflicts"
    >
      <h2 id="conflicts-heading" className="font-semibold">
        {t("conflicts.heading")} ({total})
      </h2>
      <ul className="mt-1 space-y-1 text-sm">
        {conflicts.map((c) => (
          <li key={`${c.ticket_id}${String(c.second.at)}`}>
            <span className="font-semibold">{c.full_name}</span>:{" "}
            {t("conflicts.line", {
              ticket: c.ticket_id,
              firstDoor: doorOf(c.first.door),
              firstTime: lagosClock(new Date(c.first.at)),
              secondDoor: doorOf(c.second.door),
              secondTime: lagosClock(new Date(c.second.at)),
            })}
            {/* One name, two devices: a name given twice, or a phone pretending to be that door. */}
            {c.sameName ? <strong data-testid="two-phones"> ({t("conflicts.twoPhones")})</strong> : null}
          </li>
        ))}
      </ul>
      {moreHref && total > conflicts.length ? (
        <a href={moreHref} className="mt-1 inline-block text-sm font-semibold underline underline-offset-2">
          {t("conflicts.more", { count: total - conflicts.length })}
        </a>
      ) : null}
    </section>
  );
}
