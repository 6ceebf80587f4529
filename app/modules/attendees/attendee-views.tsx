import { ViewTabs } from "~/ui/admin/view-tabs";
import type { AttendeeViewCounts } from "./attendee-views.server";

export const ATTENDEE_VIEWS = {
  registered: "/admin/attendees",
  cancelled: "/admin/attendees/cancelled",
  waitlist: "/admin/attendees/waitlist",
} as const;

/** Registered · Cancelled · Waitlist: who holds a seat, who gave one back, who waits for one. */
export function AttendeeViews({ counts, current }: { counts: AttendeeViewCounts; current: keyof typeof ATTENDEE_VIEWS }) {
  return (
    <ViewTabs
      label="Show"
      current={ATTENDEE_VIEWS[current]}
      tabs={[
        { to: ATTENDEE_VIEWS.registered, label: "Registered", count: counts.registered },
        { to: ATTENDEE_VIEWS.cancelled, label: "Cancelled", count: counts.cancelled },
        { to: ATTENDEE_VIEWS.waitlist, label: "Waitlist", count: counts.waitlist },
      ]}
    />
  );
}
