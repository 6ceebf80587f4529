import { Link } from "react-router";
import { DateTime } from "~/ui/date-time";
import { Notice } from "~/ui/notice";
import { HELD_VIEW } from "./held-view-path";

export type SurgeSummary = {
  id: string;
  reason: "network" | "domain" | "overall" | "challenge";
  source: string;
  started_at: Date | string;
  last_at: Date | string;
  held: number;
  waiting: number;
  ongoing: boolean;
};

/** Where a surge came from, in words. */
export function surgeSource(surge: Pick<SurgeSummary, "reason" | "source">): string {
  if (surge.reason === "network") return `the network ${surge.source.replace(/^v[46]:/, "")}`;
  if (surge.reason === "domain") return `addresses at ${surge.source}`;
  if (surge.reason === "challenge") return "visitors without the proof-of-work challenge";
  return "everywhere at once";
}

/**
 * The dashboard's and Event Operations' word on booking attacks of the last day: when, from
 * where, how many registrations were held and how many still wait, with the way to them.
 */
export function SurgeNotice({ surges }: { surges: SurgeSummary[] }) {
  if (surges.length === 0) return null;
  const ongoing = surges.some((s) => s.ongoing);
  return (
    <Notice tone={ongoing ? "warning" : "info"} testId="surge-notice">
      <p className="font-semibold">
        {ongoing ? "Registrations are arriving faster than people do: new ones are being held." : "A booking attack was contained today."}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {surges.map((s) => (
          <li key={s.id}>
            {"From "}
            <span className="break-all font-medium">{surgeSource(s)}</span>
            {", since "}
            <DateTime value={s.started_at} />
            {s.ongoing ? " (ongoing)" : ""}
            {`: ${s.held.toLocaleString("en-US")} held, ${s.waiting.toLocaleString("en-US")} still unconfirmed.`}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        Held registrations take no seat until the person confirms from their e-mail.{" "}
        <Link to={HELD_VIEW} className="font-semibold underline underline-offset-2">
          Review suspicious registrations
        </Link>
      </p>
    </Notice>
  );
}
