import { ViewTabs } from "~/ui/admin/view-tabs";
import type { AttendeeViewCounts } from "./attendee-views.server";

export const ATTENDEE_VIEWS = {
  registered: "/admin/attendees",
  cancelled: "/admin/attendees/cancelled",
  waitlist: "/admin/attendees/waitlist",
  held: "/admin/attendees/held",
} as const;

/** Registered · Cancelled · Waitlist · Suspicious: who holds a seat, who gave one back, who waits for one, who was held in an attack. */
export function AttendeeViews({ counts, current }: { counts: AttendeeViewCounts; current: keyof typeof ATTENDEE_VIEWS }) {
  return (
    <ViewTabs
      label="Show"
      current={ATTENDEE_VIEWS[current]}
      tabs={[
        { to: ATTENDEE_VIEWS.registered, label: "Registered", count: counts.registered },
        { to: ATTENDEE_VIEWS.cancelled, label: "Cancelled", count: counts.cancelled },
        { to: ATTENDEE_VIEWS.waitlist, label: "Waitlist", count: counts.waitlist },
        // Shown only when there is something to review: in normal times nobody is held.
        ...(counts.held > 0 || current === "held" ? [{ to: ATTENDEE_VIEWS.held, label: "Suspicious", count: counts.held }] : []),
      ]}
    />
  );
}
