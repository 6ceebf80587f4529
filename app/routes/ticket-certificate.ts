import { getDb } from "~/db/db.server";
import { certificatePdfOfTicket } from "~/modules/certificates/certificate-download.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import type { Route } from "./+types/ticket-certificate";

/** GET /tickets/:token/certificate.pdf — the holder's certificate of attendance, drawn afresh, while it verifies. */
export async function loader({ params }: Route.LoaderArgs) {
  const file = await certificatePdfOfTicket(await getDb(), params.token, ticketLinkKeys());
  if (!file)
    return new Response("Not Found", { status: 404, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Content-Length": String(file.pdf.length),
    },
  });
}
