import { requireAdmin } from "~/modules/auth/session.server";
import { certificatePreviewPdf } from "~/modules/certificates/certificate-download.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import type { Route } from "./+types/certificate-preview";

// /admin/operations/certificate-preview.pdf[?language=ha]: the certificate as attendees will get
// it, for a made-up attendee, with the current settings (logo, signature line). Organisers only.
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const pdf = await certificatePreviewPdf(db, url.searchParams.get("language"), ticketLinkKeys());
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="certificate-preview.pdf"',
      "Content-Length": String(pdf.length),
    },
  });
}
