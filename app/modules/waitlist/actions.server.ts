import { data, redirect } from "react-router";
import { invalidatePublicContent } from "~/cache/public-content-generation";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { formatNumber } from "~/i18n/format";
import { translator } from "~/i18n/translate.server";
import { logger } from "~/logger.server";
import { holdGate } from "~/modules/booking-protection/hold-gate.server";
import { carryFormStart } from "~/modules/booking-protection/human-check.server";
import { checkRegistrationForm, formAgain, type Poster, registrationAction, ticketAgainAsked } from "~/modules/registration/actions.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { makeToast } from "~/ui/toast";
import { OFFER_MESSAGES } from "./messages";
import { claimOffer, declineOffer, leaveWaitlist } from "./offers.server";
import { joinWaitlist, WAITLIST_MESSAGES } from "./waitlist.server";

/**
 * The post of /register's form: one form, two doors, the waitlist's when the event is full
 * (unless the post only asks for the ticket again). The answered page keeps counting its form's
 * fill time from the visit's first page (`context` carries it to the loader, which signs it).
 */
export async function registerPagePost(form: FormData, poster: Poster, context: object) {
  carryFormStart(context, form, poster.browserId, ticketLinkKeys().secret);
  return form.get("intent") === "waitlist" && !ticketAgainAsked(form) ? joinWaitlistAction(form, poster) : registrationAction(form, poster);
}

/**
 * Joining the waitlist from /register: the registration form, its checks and its booking-attack
 * gate (a join arriving faster than people do is held until confirmed from the mailbox, then
 * becomes a place in line), then a place in line.
 */
async function joinWaitlistAction(formData: FormData, poster: Poster) {
  const form = await checkRegistrationForm(formData, poster);
  if (!form.ok) return form.answer;
  const { submission } = form;
  const keys = ticketLinkKeys();
  try {
    const held = await holdGate(formData, poster, submission, "waitlist");
    if (held) return held;
    const outcome = await joinWaitlist(
      await getDb(),
      { ...submission.value, language: poster.language, attribution: poster.attribution },
      { secret: keys.secret },
    );
    if (!outcome.ok) return formAgain(submission, outcome.message, 409, { language: poster.language });
    return {
      result: submission.reply({ resetForm: true }),
      toast: makeToast(
        "success",
        translator(poster.language, "common")("waitlistJoin.joinedToast", { position: formatNumber(poster.language, outcome.position) }),
        5000,
      ),
      // No link to the place in line here: it opens claim and leave, so only the person's mailbox carries it.
      waitlisted: { email: outcome.email, position: outcome.position },
    };
  } catch (error) {
    logger().error({ err: error }, "joining the waitlist failed");
    return formAgain(submission, WAITLIST_MESSAGES.failed, 500, { language: poster.language });
  }
}

const waitlistPageHref = (token: string) => `/waitlist/${encodeURIComponent(token)}`;

/**
 * The buttons of a person's waitlist page (/waitlist/<token>): claim the offered seat (to the
 * ticket), decline it or leave the line (back to the page, which then says what happened).
 * Each step is one transaction in offers.server; the outbox is woken for the mail it queued.
 */
export async function waitlistPageAction(token: string, form: FormData) {
  const intent = form.get("intent");
  const db = await getDb();
  const keys = { secret: getConfig().sessionSecret };
  if (intent === "claim") {
    const outcome = await claimOffer(db, token, keys);
    if (outcome.status === "invalid") throw data("Not Found", { status: 404 });
    if (outcome.status === "claimed") {
      invalidatePublicContent();
      return redirect(`/tickets/${encodeURIComponent(outcome.ticketToken)}?claimed=1`);
    }
    return data({ error: OFFER_MESSAGES[outcome.status] }, { status: 409 });
  }
  if (intent === "decline" || intent === "leave") {
    const outcome = intent === "decline" ? await declineOffer(db, token, keys) : await leaveWaitlist(db, token, keys);
    if (outcome === "invalid") throw data("Not Found", { status: 404 });
    return redirect(outcome === "left" ? `${waitlistPageHref(token)}?left=1` : waitlistPageHref(token));
  }
  throw data("Bad Request", { status: 400 });
}
