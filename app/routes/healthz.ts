import { getConfig } from "~/config.server";
import { getDbConnection } from "~/db/db.server";
import { checkHealth } from "~/modules/health/health.server";
import { configuredMailStatus } from "~/modules/mail/transport.server";
import { configuredSmsStatus } from "~/modules/sms/transport.server";
import { configuredWhatsAppStatus } from "~/modules/whatsapp/graph-transport.server";

// GET /healthz for load balancers and uptime checks: 200 while the database answers, 503 otherwise;
// `status` says "degraded" when tickets cannot be e-mailed (health.server.ts).
export async function loader() {
  const report = await getDbConnection()
    .then((database) =>
      checkHealth(database.db, {
        availability: database.availability,
        mail: configuredMailStatus(getConfig()),
        sms: configuredSmsStatus(getConfig()),
        whatsapp: configuredWhatsAppStatus(getConfig()),
      }),
    )
    .catch(() => ({ status: "error", database: "down" }) as const);
  return Response.json(report, {
    status: report.status === "error" ? 503 : 200,
    headers: { "Cache-Control": "no-store" },
  });
}
