import { data } from "react-router";
import { requireAdmin } from "~/modules/auth/session.server";
import { sourceLinkFor } from "~/modules/outreach/links.server";
import { sourceById } from "~/modules/outreach/sources.server";
import { eventFileName } from "~/modules/settings/event-file-name";
import { qrPng, qrSvg } from "~/modules/tickets/qr.server";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import type { Route } from "./+types/outreach-qr";

// /admin/outreach/:id/qr.png and qr.svg: the QR code of a source's short link, to put on a flyer,
// a slide or a partner's post. The PNG is large enough to print (1200 px); the SVG scales to any size.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const source = await sourceById(db, Number(params.id));
  if (!source) throw data("Not Found", { status: 404 });
  const svg = new URL(request.url).pathname.endsWith(".svg");
  const link = sourceLinkFor(source);
  const body = svg ? Buffer.from(await qrSvg(link)) : await qrPng(link, { size: 1200 });
  return new Response(new Uint8Array(body), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": svg ? "image/svg+xml" : "image/png",
      "Content-Disposition": `attachment; filename="${eventFileName(source.name, `qr-${source.code}`, svg ? "svg" : "png")}"`,
      "Content-Length": String(body.length),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
