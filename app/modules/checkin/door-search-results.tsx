import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Badge } from "~/ui/badge";
import { lagosClock } from "~/ui/date-time";
import { BUTTON } from "~/ui/styles";
import type { DoorSearchRow } from "./checkin.server";
import { UndoLink, type UndoTarget } from "./undo-link";

// The door's search results (issue 42): each person with what the volunteer can check with them
// (organisation or position, LGA and state, the phone's last three digits), checked in or not,
// and how many more matched, so that of 22 "Abubakar Bello" the right one is let in. Offline the
// device's list has the same (a list kept from before they were added: organisation and state).

/** One match, from the server (online) or from the device's list (offline, fewer details). */
export type DoorMatch = Pick<DoorSearchRow, "id" | "full_name" | "ticket_id" | "checked_in_by"> &
  Partial<Pick<DoorSearchRow, "organization" | "position" | "local_government" | "state" | "phone_end">> & {
    checked_in_at: Date | string | null;
    door?: string | null;
  };

type Props = {
  page: { q: string; matches: DoorMatch[]; more?: number; offline?: true };
  /** the door page's own address, with its search */
  back: string;
  /** the hidden fields naming the door and device */
  origin: ReactNode;
  busy: boolean;
  undo: UndoTarget;
  /** the door's list, when one is chosen: its gives instead of the entrance's check-ins */
  list?: string;
};

/** "Youth Club · Gusau, Zamfara · phone …543": what tells this person from another of the same name. */
function details(m: DoorMatch, phoneEnd: (digits: string) => string): string {
  const place = [m.local_government, m.state].filter(Boolean).join(", ");
  return [m.organization || m.position, place, m.phone_end ? phoneEnd(m.phone_end) : ""].filter(Boolean).join(" · ");
}

export function DoorSearchResults({ page, back, origin, busy, undo, list }: Props) {
  const { t } = useTranslation("door");
  if (page.matches.length === 0) return <p className="mt-3 text-sm text-gray-600">{t("noMatch", { q: page.q })}</p>;
  const phoneEnd = (digits: string) => t("search.phoneEnd", { digits });
  return (
    <>
      <ul className="mt-3 divide-y divide-gray-100">
        {page.matches.map((m) => {
          const about = details(m, phoneEnd);
          return (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-semibold break-words text-gray-900">{m.full_name}</p>
                {about ? <p className="text-sm break-words text-gray-700">{about}</p> : null}
                <p className="font-mono text-xs text-gray-500">{m.ticket_id}</p>
              </div>
              {m.checked_in_at ? (
                <div className="flex items-center gap-2">
                  <Badge tone="amber">
                    {list
                      ? m.door
                        ? t("lists.givenAtDoor", { time: lagosClock(m.checked_in_at), door: m.door })
                        : t("lists.givenAt", { time: lagosClock(m.checked_in_at) })
                      : m.checked_in_by
                        ? t("inAtBy", { time: lagosClock(m.checked_in_at), by: m.checked_in_by })
                        : m.door
                          ? t("inAtDoor", { time: lagosClock(m.checked_in_at), door: m.door })
                          : t("inAt", { time: lagosClock(m.checked_in_at) })}
                  </Badge>
                  {page.offline ? null : <UndoLink person={m} undo={undo} />}
                </div>
              ) : (
                <Form method="post" action={back}>
                  {page.offline ? (
                    // The device's list names people by ticket ID only.
                    <>
                      <input type="hidden" name="intent" value="ticket" />
                      <input type="hidden" name="ticket_id" value={m.ticket_id} />
                      <input type="hidden" name="via" value="search" />
                    </>
                  ) : (
                    <>
                      <input type="hidden" name="intent" value="attendee" />
                      <input type="hidden" name="id" value={m.id} />
                      {/* For the device, should the server stop answering before this is sent. */}
                      <input type="hidden" name="ticket_id" value={m.ticket_id} />
                    </>
                  )}
                  {origin}
                  <button
                    type="submit"
                    disabled={busy}
                    className={BUTTON.primary}
                    aria-label={list ? t("lists.giveName", { list, name: m.full_name }) : t("checkInName", { name: m.full_name })}
                  >
                    {list ? t("lists.give") : t("checkIn")}
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {page.more ? <p className="mt-2 text-sm font-medium text-gray-700">{t("search.more", { count: page.more })}</p> : null}
    </>
  );
}
