import { requireAdmin } from "~/modules/auth/session.server";
import { isPreviewTemplate, renderEmailPreview, withInlineImages } from "~/modules/tickets/email-preview.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import type { Route } from "./+types/email-preview";

// GET /admin/operations/preview/(ticket|reminder)[?format=text]: the e-mail as sent, for
// the operations screen's sandboxed frame. The CSP sandboxes it even when opened directly.
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  if (!isPreviewTemplate(params.template)) return new Response("Not Found", { status: 404 });
  const mail = await renderEmailPreview(db, params.template, ticketLinkKeys());
  const text = url.searchParams.get("format") === "text";
  return new Response(text ? `Subject: ${mail.subject}\n\n${mail.text}` : withInlineImages(mail.html, mail.attachments), {
    headers: {
      "Content-Type": text ? "text/plain; charset=utf-8" : "text/html; charset=utf-8",
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      "Cache-Control": "no-store",
    },
  });
}
