import { requireAdmin } from "~/modules/auth/session.server";
import { parseSourceSort } from "~/modules/outreach/figures.server";
import { outreachCsv } from "~/modules/outreach/outreach-csv.server";
import type { Route } from "./+types/outreach-export";

// /admin/outreach/export.csv: the Outreach page's figures, in the page's order (?sort=&dir=).
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  return outreachCsv(db, parseSourceSort(url.searchParams), { gzip });
}
