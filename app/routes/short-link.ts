import { data, redirect } from "react-router";
import { expandShortToken } from "~/modules/tickets/ticket-token.server";
import type { Route } from "./+types/short-link";

// The short links an SMS carries: /t/<45 characters> for the ticket page, /w/… for a waitlist
// entry's page. On to the page itself, which checks the signature; something that cannot be a
// short link is a plain 404, as an unknown ticket page is.
export function loader({ params, request }: Route.LoaderArgs) {
  const token = expandShortToken(params.code);
  if (!token) throw data("Not found", { status: 404 });
  const page = new URL(request.url).pathname.startsWith("/w/") ? "waitlist" : "tickets";
  return redirect(`/${page}/${encodeURIComponent(token)}`, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
