import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { savedTicket } from "~/modules/badges/saved-ticket.server";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import type { Route } from "./+types/ticket-png";

/**
 * GET /tickets/:token/ticket.png — "Save ticket": the ticket as an image, for the same link
 * as the ticket page (the holder's own token), in the page's language (?lang=, as the page links it).
 * A download, so a phone keeps it among its files or photos, with or without JavaScript.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const saved = await savedTicket(await getDb(), params.token, getConfig().sessionSecret, requestLanguage(request));
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
