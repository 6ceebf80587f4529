import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { logger } from "~/logger.server";
import { recordSmsDelivery } from "~/modules/mail/sms-outbox.server";
import { parseAfricasTalkingReport, parseTermiiReport, verifyTermiiSignature } from "~/modules/sms/delivery-reports.server";
import { addressAllowed, callbackTokenMatches } from "~/modules/sms/gateway-guard.server";
import type { Route } from "./+types/sms-delivery";

// Delivery reports: POST /sms/africastalking/delivery/<AFRICASTALKING_CALLBACK_TOKEN> (form
// fields, as Africa's Talking posts them) and POST /sms/termii/delivery (JSON, signed with the
// Termii secret key). Each marks its SMS delivered or failed with the reason. A report is
// answered 200 once understood, known message or not, so the gateway does not send it again.

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function action({ request, params, context }: Route.ActionArgs) {
  const config = getConfig();
  let report: ReturnType<typeof parseTermiiReport>;
  if (params.provider === "africastalking") {
    if (!callbackTokenMatches(params.token, config.africastalkingCallbackToken)) return text("Not found", 404);
    if (!addressAllowed(context.clientIp ?? "", config.africastalkingAllowedIps)) return text("Forbidden", 403);
    report = parseAfricasTalkingReport(new URLSearchParams(await request.text()));
  } else if (params.provider === "termii" && params.token === undefined && config.termiiSecretKey) {
    const body = await request.text();
    if (!verifyTermiiSignature(body, request.headers.get("x-termii-signature") ?? undefined, config.termiiSecretKey)) {
      return text("Forbidden", 403);
    }
    try {
      report = parseTermiiReport(JSON.parse(body));
    } catch {
      report = null;
    }
  } else {
    return text("Not found", 404);
  }
  if (!report) return text("Unreadable report", 400);
  try {
    const known = await recordSmsDelivery(await getDb(), report);
    if (!known) logger().info({ providerId: report.providerId }, "SMS delivery report for a message not in the outbox");
    return text("OK", 200);
  } catch (error) {
    logger().error({ err: error, providerId: report.providerId }, "SMS: could not record a delivery report");
    return text("Try again", 503);
  }
}

export function loader() {
  return text("Not found", 404);
}
