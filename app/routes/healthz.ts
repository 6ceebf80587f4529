import { getDbConnection } from "~/db/db.server";
import { checkHealth } from "~/modules/health/health.server";

// GET /healthz for load balancers and uptime checks: 200 while the database answers, 503 otherwise.
export async function loader() {
  const report = await getDbConnection()
    .then((database) => checkHealth(database.db, { availability: database.availability }))
    .catch(() => ({ status: "error", database: "down" }) as const);
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
