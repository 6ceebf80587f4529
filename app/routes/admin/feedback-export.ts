import { requireAdmin } from "~/modules/auth/session.server";
import { exportFeedbackCsv } from "~/modules/feedback/feedback-csv.server";
import type { Route } from "./+types/feedback-export";

// /admin/feedback/export.csv: this edition's survey answers, tied to no one but those who
// allowed their name to be quoted. Streamed, and recorded in the audit log.

export async function loader({ request }: Route.LoaderArgs) {
  const { admin, db } = await requireAdmin(request);
  const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  return exportFeedbackCsv(db, admin, { gzip });
}
