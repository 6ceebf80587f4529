import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { certificateDownload } from "~/modules/certificates/certificate-download.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { privateDownload } from "~/ui/private-page";
import type { Route } from "./+types/ticket-certificate";

/**
 * GET /tickets/:token/certificate.pdf — the holder's certificate of attendance while it
 * verifies; a refusal past its limits in the page's language (?lang=, cookie, browser).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const file = await certificateDownload(await getDb(), params.token, ticketLinkKeys(), {
    language: requestLanguage(request),
    clientIp: context.clientIp ?? "",
  });
  return privateDownload(file);
}
