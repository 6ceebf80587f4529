import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { savedTicketFromAnswer } from "~/modules/badges/saved-ticket.server";
import { privateDownload } from "~/ui/private-page";
import type { Route } from "./+types/ticket-image";

/**
 * GET /ticket-image/:token — "Save ticket" in the registration's answer: the same image as the
 * ticket page's (/tickets/<token>/ticket.png), for a short-lived token that fetches only this
 * image (tickets/saved-ticket-token.server.ts), never the self-service link. A download, in the
 * page's language (?lang=); a forged or lapsed token, or a ticket gone, is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const saved = await savedTicketFromAnswer(await getDb(), params.token, getConfig().sessionSecret, {
    language: requestLanguage(request),
    clientIp: context.clientIp ?? "",
  });
  return privateDownload(saved);
}
