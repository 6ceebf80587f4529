import { getDb } from "~/db/db.server";
import { formatNumber } from "~/i18n/format";
import { translator } from "~/i18n/translate.server";
import { logger } from "~/logger.server";
import { notifyOutbox } from "~/modules/mail/outbox-worker.server";
import { checkRegistrationForm, formAgain, type Poster } from "~/modules/registration/actions.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { makeToast } from "~/ui/toast";
import { joinWaitlist, WAITLIST_MESSAGES } from "./waitlist.server";

/** Joining the waitlist from /register: the registration form, its checks, then a place in line. */
export async function joinWaitlistAction(formData: FormData, poster: Poster) {
  const form = await checkRegistrationForm(formData, poster);
  if (!form.ok) return form.answer;
  const { submission } = form;
  const keys = ticketLinkKeys();
  try {
    const outcome = await joinWaitlist(await getDb(), { ...submission.value, language: poster.language }, { secret: keys.secret });
    if (!outcome.ok) return formAgain(submission, outcome.message, 409, { language: poster.language });
    notifyOutbox();
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
