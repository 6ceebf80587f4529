import { requireAdmin } from "~/modules/auth/session.server";
import { parseCommentQuery } from "~/modules/feedback/comment-query";
import { exportFeedbackCsv } from "~/modules/feedback/feedback-csv.server";
import type { Route } from "./+types/feedback-export";

// /admin/feedback/export.csv: this edition's (or ?edition=<n>'s) survey answers, tied to no one but those who
// allowed their name to be quoted. Streamed, and recorded in the audit log.

export async function loader({ request, url }: Route.LoaderArgs) {
  const { admin, db } = await requireAdmin(request);
  const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  // ?edition=<n>: an archived edition's answers (the Feedback page's choice); none: the current one.
  return exportFeedbackCsv(db, admin, { gzip, edition: parseCommentQuery(url.searchParams).edition });
}
