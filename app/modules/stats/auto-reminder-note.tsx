import { Link } from "react-router";
import type { AutoReminderPlan } from "~/modules/tickets/reminder-timing";
import { DateTime } from "~/ui/date-time";

// One line under Email Operations saying what the automatic reminder will do, so an
// organiser knows whether pressing Send Reminders is needed at all.

export function AutoReminderNote({ plan, now }: { plan: AutoReminderPlan; now: string }) {
  const settingsLink = (
    <Link to="/admin/settings" className="font-medium text-brand-700 underline underline-offset-2">
      Event Settings
    </Link>
  );
  let text: React.ReactNode;
  if (plan.state === "sent") text = "went out for this event date.";
  else if (plan.state === "off") text = <>off. Turn it on in {settingsLink}, or send reminders yourself.</>;
  else if (plan.state === "missed") text = "not sent: the event day has come.";
  else if (new Date(plan.at).getTime() <= new Date(now).getTime()) text = "going out now.";
  else
    text = (
      <>
        goes out by itself on <DateTime value={plan.at} /> (Lagos time).
      </>
    );
  return (
    <p className="mt-2 text-sm text-gray-600" data-testid="auto-reminder">
      <span className="font-semibold text-gray-800">Automatic reminder:</span> {text}
    </p>
  );
}
