import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { logger } from "~/logger.server";
import { addressAllowed, callbackTokenMatches } from "~/modules/sms/gateway-guard.server";
import { ussdRequestSchema } from "~/modules/ussd/request";
import { answerUssd } from "~/modules/ussd/session.server";
import type { Route } from "./+types/ussd-africastalking";

// POST /ussd/africastalking/<AFRICASTALKING_CALLBACK_TOKEN>: Africa's Talking's USSD callback.
// It posts the session's fields form-encoded and shows the plain-text answer on the phone:
// "CON …" keeps the session open, "END …" closes it.

const plain = (body: string, status = 200) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function action({ request, params, context }: Route.ActionArgs) {
  const config = getConfig();
  if (!callbackTokenMatches(params.token, config.africastalkingCallbackToken)) return plain("Not found", 404);
  if (!addressAllowed(context.clientIp ?? "", config.africastalkingAllowedIps)) return plain("Forbidden", 403);
  const parsed = ussdRequestSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return plain("END Sorry, something went wrong. Please dial again.", 400);
  try {
    return plain(await answerUssd(await getDb(), parsed.data, { secret: config.sessionSecret }));
  } catch (error) {
    // Ids only: the number and the answers are a person's.
    logger().error({ err: error, sessionId: parsed.data.sessionId }, "USSD: could not answer a request");
    return plain("END Sorry, something went wrong. Please dial again in a minute.");
  }
}

export function loader() {
  return plain("Not found", 404);
}
