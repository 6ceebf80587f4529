import { data } from "react-router";
import { invalidatePublicContent } from "~/cache/public-content-generation";
import { clientNetwork } from "~/client-network.server";
import { getDb } from "~/db/db.server";
import { HELD_MESSAGES } from "~/modules/booking-protection/held-messages";
import { heldFromLink, verifyHeldCodeForm, verifyHeldLink } from "~/modules/booking-protection/hold-decision.server";
import { qrSvg } from "~/modules/tickets/qr.server";
import { ticketLinkKeys, ticketPageUrlForRegistration } from "~/modules/tickets/ticket-link.server";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { type ConfirmOutcome, confirmHeldByCode, confirmHeldById } from "./held-confirm.server";

// The page /register/confirm[/<link>] (routes/register-confirm.tsx): what its loader and action
// answer. Opening the e-mail's link only names the person (mail scanners open links and must
// not confirm seats); its button, or the six-digit code typed on /register, confirms.

/** The link's page: whose registration it confirms, or nobody's when it is gone; a forged link is not found. */
export async function heldLinkPage(token: string | undefined) {
  // Without a link this page only answers the code form's post; opened by itself it says where to go.
  if (!token) return data({ name: null, joining: false }, { headers: PRIVATE_HEADERS });
  const id = verifyHeldLink(token, ticketLinkKeys().secret);
  if (!id) throw data("Not Found", { status: 404 });
  const held = await heldFromLink(await getDb(), id);
  return data({ name: held?.full_name ?? null, joining: held?.intent === "waitlist" }, { headers: PRIVATE_HEADERS });
}

/** Confirms by the link's button (`token`) or by the code form (`form`): a ticket, a place in line, or why not. */
export async function confirmHeldPost({ token, form, clientIp }: { token?: string; form: () => Promise<FormData>; clientIp: string }) {
  const keys = ticketLinkKeys();
  const db = await getDb();
  let outcome: ConfirmOutcome;
  let codeForm: string | undefined;
  if (token) {
    const id = verifyHeldLink(token, keys.secret);
    if (!id) throw data("Not Found", { status: 404 });
    outcome = await confirmHeldById(db, id, { secret: keys.secret });
  } else {
    const posted = await form();
    codeForm = String(posted.get("held") ?? "");
    const id = verifyHeldCodeForm(codeForm, keys.secret);
    if (!id) throw data("Not Found", { status: 404 });
    const code = String(posted.get("code") ?? "").trim();
    outcome = await confirmHeldByCode(db, id, code, { secret: keys.secret, network: clientNetwork(clientIp) });
  }
  if (outcome.status === "registered") {
    invalidatePublicContent();
    const { result } = outcome;
    return data(
      {
        done: "registered" as const,
        email: result.email,
        ticketId: result.ticketId,
        qrSvg: await qrSvg(result.doorCode),
        // The person proved the mailbox is theirs (its link or its code): their own page is theirs too.
        ticketUrl: ticketPageUrlForRegistration(result.attendeeId, keys),
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  if (outcome.status === "waitlisted")
    return data({ done: "waitlisted" as const, position: outcome.position, email: outcome.email, joined: outcome.joined });
  const message = outcome.status === "gone" ? HELD_MESSAGES.gone : outcome.message;
  return data({ done: "refused" as const, message, codeForm: outcome.status === "gone" ? undefined : codeForm }, { status: 409 });
}
