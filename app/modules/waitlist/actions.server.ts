import { getDb } from "~/db/db.server";
import { logger } from "~/logger.server";
import { notifyOutbox } from "~/modules/mail/outbox-worker.server";
import { checkRegistrationForm, formAgain } from "~/modules/registration/actions.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { makeToast } from "~/ui/toast";
import { joinWaitlist, WAITLIST_MESSAGES } from "./waitlist.server";
import { waitlistPageUrl } from "./waitlist-token.server";

/** Joining the waitlist from /register: the registration form, its checks, then a place in line. */
export async function joinWaitlistAction(formData: FormData, clientIp = "") {
  const form = checkRegistrationForm(formData, clientIp);
  if (!form.ok) return form.answer;
  const { submission } = form;
  const keys = ticketLinkKeys();
  try {
    const outcome = await joinWaitlist(await getDb(), submission.value, { secret: keys.secret });
    if (!outcome.ok) return formAgain(submission, outcome.message, 409);
    notifyOutbox();
    return {
      result: submission.reply({ resetForm: true }),
      toast: makeToast("success", `You're on the waitlist: number ${outcome.position.toLocaleString("en-US")} in line.`, 5000),
      waitlisted: { email: outcome.email, position: outcome.position, url: waitlistPageUrl(keys.publicUrl, outcome.token) },
    };
  } catch (error) {
    logger().error({ err: error }, "joining the waitlist failed");
    return formAgain(submission, WAITLIST_MESSAGES.failed, 500);
  }
}
