import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { logger } from "~/logger.server";
import { typedCode } from "~/modules/outreach/codes";
import { followTrackedLink, landingFor } from "~/modules/outreach/tracked-link.server";
import type { Route } from "./+types/tracked-link";

// The tracked links: /r/<code>, a source's short link (a poster, the radio, a partner's post), and
// /i/<code>, an attendee's invite link. Either counts the visit, gives the source cookie and lands
// on the landing page (303, keeping ?lang=). A code that names nothing, or an archived source,
// lands there too without an error: a link mistyped from a poster must still reach the summit.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const typed = typedCode(params.code);
  const asked = url.pathname.startsWith("/i/") ? "invite" : "source";
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  try {
    const followed = await followTrackedLink(await getDb(), typed?.via === asked ? typed : null, {
      cookieHeader: request.headers.get("Cookie"),
      userAgent: request.headers.get("User-Agent") ?? "",
      clientIp: context.clientIp ?? "",
      secure: Boolean(context.secure),
      method: request.method,
    });
    for (const cookie of followed.setCookies) headers.append("Set-Cookie", cookie);
  } catch (error) {
    // Counting is not worth a visitor: without the database they still reach the page.
    logger().error({ err: error }, "a tracked link could not be counted");
  }
  return redirect(landingFor(url), { status: 303, headers });
}
