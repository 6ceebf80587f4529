import { data } from "react-router";
import { getConfig } from "~/config.server";
import { languageOr } from "~/i18n/languages";
import { requireAdmin } from "~/modules/auth/session.server";
import { sourceLinkFor } from "~/modules/outreach/links.server";
import { sourcePosterPdf } from "~/modules/outreach/poster-pdf.server";
import { sourceById } from "~/modules/outreach/sources.server";
import { eventFileName } from "~/modules/settings/event-file-name";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import type { Route } from "./+types/outreach-poster";

// /admin/outreach/:id/poster.pdf?language=ha: a source's A4 poster in English or Hausa (the
// summit's name, date and venue as Event Settings give them in that language, the organisers'
// logo), shown in the browser to print. `language`, not `lang`: the admin stays in English
// whatever a poster is in.
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const source = await sourceById(db, Number(params.id));
  if (!source) throw data("Not Found", { status: 404 });
  const language = languageOr(url.searchParams.get("language"));
  const pdf = await sourcePosterPdf(db, { link: sourceLinkFor(source), language, ussdCode: getConfig().ussdCode });
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${eventFileName(source.name, `poster-${source.code}-${language}`, "pdf")}"`,
      "Content-Length": String(pdf.length),
    },
  });
}
