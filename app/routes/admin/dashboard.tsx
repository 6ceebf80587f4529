import { data } from "react-router";
import { getConfig } from "~/config.server";
import { logger } from "~/logger.server";
import { postponePurgeAction } from "~/modules/attendees/retention-actions.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { recentSurges } from "~/modules/booking-protection/held-registrations.server";
import { SurgeNotice } from "~/modules/booking-protection/surge-notice";
import { configuredMailStatus } from "~/modules/mail/transport.server";
import { dashboardPage, EMPTY_DASHBOARD_STATS } from "~/modules/stats/dashboard.server";
import { DashboardView } from "~/modules/stats/dashboard-view";
import { MailOffNotice } from "~/modules/stats/mail-off-notice";
import { POSTPONE_PURGE_INTENT } from "~/modules/stats/retention-banner";
import { SetupChecklistCard } from "~/modules/stats/setup-checklist";
import { setupChecklist } from "~/modules/stats/setup-checklist.server";
import { readForm } from "~/ui/read-form.server";
import { makeToast } from "~/ui/toast";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/dashboard";

// /admin: the organisers' overview.

export const handle = { title: "Dashboard" };

const DASHBOARD_LOAD_ERROR = "Failed to load dashboard data";

export async function loader({ request }: Route.LoaderArgs) {
  const { admin, db } = await requireAdmin(request);
  const config = getConfig();
  const mail = configuredMailStatus(config);
  try {
    const [page, surges, setup] = await Promise.all([
      dashboardPage(db, new Date()),
      recentSurges(db),
      setupChecklist(db, admin.id, { smtp: mail.kind === "smtp", sms: config.smsProvider !== undefined }),
    ]);
    return { ...page, surges, setup, mail, error: null, toast: null };
  } catch (error) {
    // The page still renders, with zeros and an error toast.
    logger().error({ err: error }, "dashboard stats failed");
    return {
      stats: EMPTY_DASHBOARD_STATS,
      retention: { state: "none" as const },
      surges: [],
      setup: null,
      mail,
      error: DASHBOARD_LOAD_ERROR,
      toast: makeToast("error", DASHBOARD_LOAD_ERROR),
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  const form = await readForm(request);
  if (form.get("intent") !== POSTPONE_PURGE_INTENT) throw data("Unknown action", { status: 400 });
  return postponePurgeAction(db, admin, form);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, retention, toast, surges, mail, setup } = loaderData;
  return (
    <>
      {/* A production site without SMTP (from the configuration: the dashboard probes no server). */}
      {mail.ok ? null : (
        <div className="mb-4">
          <MailOffNotice mail={mail} />
        </div>
      )}
      {surges.length > 0 ? (
        <div className="mb-4">
          <SurgeNotice surges={surges} />
        </div>
      ) : null}
      {setup ? <SetupChecklistCard checklist={setup} /> : null}
      <DashboardView stats={stats} retention={retention} />
      {toast ? <Toaster toasts={[toast]} /> : null}
    </>
  );
}
