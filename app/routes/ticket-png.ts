import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { savedTicket } from "~/modules/badges/saved-ticket.server";
import { privateDownload } from "~/ui/private-page";
import type { Route } from "./+types/ticket-png";

/**
 * GET /tickets/:token/ticket.png — "Save ticket": the ticket as an image, for the same link
 * as the ticket page (the holder's own token), in the page's language (?lang=, as the page links it).
 * A download, so a phone keeps it among its files or photos, with or without JavaScript.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const saved = await savedTicket(await getDb(), params.token, getConfig().sessionSecret, {
    language: requestLanguage(request),
    clientIp: context.clientIp ?? "",
  });
  return privateDownload(saved);
}
