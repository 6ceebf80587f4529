import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { logger } from "~/logger.server";
import { handleWhatsAppWebhook } from "~/modules/chat/whatsapp-webhook.server";
import { verifyChallenge } from "~/modules/whatsapp/webhook-signature.server";
import type { Route } from "./+types/whatsapp-webhook";

// Meta's WhatsApp webhook (docs/WHATSAPP.md): GET is the subscription's handshake (the challenge
// echoed only for the verify token), POST the messages people write and the statuses of ours,
// signed with the app secret. A 404 while WhatsApp is not configured.

const plain = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader({ request }: Route.LoaderArgs) {
  const whatsapp = getConfig().whatsapp;
  if (!whatsapp) return plain("Not found", 404);
  const challenge = verifyChallenge(new URL(request.url).searchParams, whatsapp.verifyToken);
  return challenge === null ? plain("Forbidden", 403) : plain(challenge, 200);
}

export async function action({ request }: Route.ActionArgs) {
  const config = getConfig();
  if (!config.whatsapp) return plain("Not found", 404);
  if (request.method !== "POST") return plain("Method not allowed", 405);
  // The signature is over the exact bytes Meta sent.
  const raw = await request.text();
  try {
    const answer = await handleWhatsAppWebhook(
      await getDb(),
      raw,
      request.headers.get("x-hub-signature-256") ?? undefined,
      config.whatsapp,
      {
        secret: config.sessionSecret,
        publicUrl: config.publicUrl,
        log: logger(),
      },
    );
    return plain(answer.body, answer.status);
  } catch (error) {
    // Ids only in the log; Meta posts the body again, and what was done is not done twice.
    logger().error({ err: error }, "WhatsApp: could not act on a webhook");
    return plain("Try again", 503);
  }
}
