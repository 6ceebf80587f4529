import { Link, useSearchParams } from "react-router";
import { Card } from "~/ui/card";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { LatestList } from "~/ui/latest-list";
import { BUTTON } from "~/ui/styles";
import { useRouteModal } from "~/ui/use-route-modal";
import type { WalkInsOverview } from "./walk-ins-overview.server";

// The Walk-ins panel on Event Operations: the seats door phones hold for walk-ins they may
// register while offline (kept from online registration until used), each phone's with Release
// (a phone lost or gone home), and the walk-ins those phones registered that were someone
// registered already or came past the capacity.

const n = (value: number) => value.toLocaleString("en-US");
const PANEL_ID = "walk-ins";
/** `?release-seats=<account id>.<device id>`: the confirmation, without JavaScript. */
const RELEASE_PARAM = "release-seats";
export const RELEASE_SEATS_INTENT = "release-walk-in-seats";

type Held = WalkInsOverview["held"]["rows"][number];

/** `kept`: the seats kept for walk-ins; with none and nothing to tell, the panel is left out. */
export function WalkInsPanel({ walkIns, kept, action }: { walkIns: WalkInsOverview; kept: number; action: string }) {
  const { held, conflicts } = walkIns;
  const here = `${action}#${PANEL_ID}`;
  const [params] = useSearchParams();
  const fromUrl = held.rows.find((row) => row.key === params.get(RELEASE_PARAM)) ?? null;
  const releasing = useRouteModal<Held>({ param: RELEASE_PARAM, closeHref: here, fromUrl, data: walkIns });
  if (kept <= 0 && held.total === 0 && conflicts.total === 0) return null;
  return (
    <div id={PANEL_ID} className="grid gap-5 lg:grid-cols-2">
      <Card title="Offline walk-ins" level={2}>
        <p className="text-sm text-gray-700" data-testid="walk-in-shares">
          {`Seats held by door phones for offline walk-ins: ${n(held.total)}`}
        </p>
        {held.rows.length > 0 ? (
          <ul className="mt-2 divide-y divide-gray-100">
            {held.rows.map((d) => (
              <li key={d.key} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="text-gray-700">
                  <span className="font-medium">{d.door}</span>
                  {` · ${d.by}: `}
                  <span className="font-semibold text-gray-900 tabular-nums">{n(d.count)}</span>
                </span>
                <Link
                  to={`${action}?${RELEASE_PARAM}=${d.key}#${PANEL_ID}`}
                  preventScrollReset
                  className={BUTTON.secondary}
                  aria-label={`Release the seats held by ${d.door} · ${d.by}`}
                  onClick={(event) => {
                    event.preventDefault();
                    releasing.open(d);
                  }}
                >
                  Release
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <Card title="Walk-in conflicts" level={2}>
        {conflicts.rows.length === 0 ? (
          <p className="text-sm text-gray-600">No conflicts: every walk-in registered offline was new and had a seat.</p>
        ) : (
          <LatestList
            rows={conflicts.rows.map((c) => ({ key: c.id, title: `${c.kind}: ${c.full_name}`, line: c.line }))}
            total={conflicts.total}
            testId="walk-in-conflicts"
          />
        )}
      </Card>
      {releasing.target ? (
        <ConfirmDialog
          title="Release this phone's seats?"
          message={`${releasing.target.door} · ${releasing.target.by} holds ${n(releasing.target.count)} ${releasing.target.count === 1 ? "seat" : "seats"} for walk-ins it may register offline. Released, they are kept for walk-ins again.`}
          note="Walk-ins this phone registers offline afterwards may go past the capacity: they are registered all the same and listed here as past capacity. Once online again, the phone is given seats again."
          id={releasing.target.key}
          action={action}
          cancelHref={here}
          onClose={releasing.close}
          intent={RELEASE_SEATS_INTENT}
          confirmLabel="Release"
          pendingLabel="Releasing…"
          tone="danger"
        />
      ) : null}
    </div>
  );
}
