import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { savedTicketFromAnswer } from "~/modules/badges/saved-ticket.server";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import type { Route } from "./+types/ticket-image";

/**
 * GET /ticket-image/:token — "Save ticket" in the registration's answer: the same image as the
 * ticket page's (/tickets/<token>/ticket.png), for a short-lived token that fetches only this
 * image (tickets/saved-ticket-token.server.ts), never the self-service link. A download, in the
 * page's language (?lang=); a forged or lapsed token, or a ticket gone, is a 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const saved = await savedTicketFromAnswer(await getDb(), params.token, getConfig().sessionSecret, requestLanguage(request));
  if (!saved) {
    return new Response("Not Found", { status: 404, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(new Uint8Array(saved.png), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="${saved.filename}"`,
    },
  });
}
