import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import * as z from "zod/mini";
import { getDb } from "~/db/db.server";
import { logger } from "~/logger.server";
import { invalidatePublicContent } from "~/modules/content/public-content.server";
import { notifyOutbox } from "~/modules/mail/outbox-worker.server";
import { qrSvg } from "~/modules/tickets/qr.server";
import { ticketLinkKeys, ticketPageUrl } from "~/modules/tickets/ticket-link.server";
import { joinWaitlist, WAITLIST_MESSAGES } from "~/modules/waitlist/waitlist.server";
import { waitlistPageUrl } from "~/modules/waitlist/waitlist-token.server";
import { makeToast } from "~/ui/toast";
import { REGISTRATION_MESSAGES, registerAttendee } from "./registration.server";
import { resendTicketByEmail } from "./resend.server";
import { joinFieldErrors, type RegistrationInput, registrationSchema, resendSchema } from "./schema";

/** What /register's form posts: a registration, the waitlist (intent=waitlist), or "Lost your ticket?" (intent=resend). */
export async function registrationAction(formData: FormData) {
  const intent = formData.get("intent");
  if (intent === "resend") return resendAction(formData);
  return intent === "waitlist" ? waitlistAction(formData) : registerAction(formData);
}

async function resendAction(formData: FormData) {
  const parsed = z.safeParse(resendSchema, { email: formData.get("email") ?? "" });
  if (!parsed.success) return data({ resend: { sent: false, error: parsed.error.issues[0]?.message } }, { status: 400 });
  const db = await getDb();
  // Answered the same way whatever happens, and without waiting, so neither the text nor the timing reveals who registered.
  void resendTicketByEmail(db, parsed.data.email)
    .then((outcome) => {
      if (outcome === "sent") notifyOutbox();
      logger().info({ outcome }, "ticket self-resend");
    })
    .catch((error) => logger().error({ err: error }, "ticket self-resend failed"));
  return { resend: { sent: true, error: undefined } };
}

/** The form again with the entered values: invalid (400), refused (409) or failed (500), with the reason as a toast. */
function formAgain(submission: Submission<RegistrationInput>, message: string | null, status: 400 | 409 | 500) {
  const text = message ?? joinFieldErrors(submission.status === "success" ? undefined : (submission.error ?? undefined));
  return data(
    { result: submission.reply(status === 409 ? { formErrors: [text] } : undefined), toast: makeToast("error", text) },
    { status },
  );
}

async function waitlistAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: registrationSchema });
  if (submission.status !== "success") return formAgain(submission, null, 400);
  const keys = ticketLinkKeys();
  try {
    const outcome = await joinWaitlist(await getDb(), submission.value, { secret: keys.secret });
    if (!outcome.ok) return formAgain(submission, outcome.message, 409);
    notifyOutbox();
    return {
      result: submission.reply({ resetForm: true }),
      toast: makeToast("success", waitlistJoinedMessage(outcome.position), 5000),
      waitlisted: { email: outcome.email, position: outcome.position, url: waitlistPageUrl(keys.publicUrl, outcome.token) },
    };
  } catch (error) {
    logger().error({ err: error }, "joining the waitlist failed");
    return formAgain(submission, WAITLIST_MESSAGES.failed, 500);
  }
}

function waitlistJoinedMessage(position: number): string {
  return `You're on the waitlist: number ${position.toLocaleString("en-US")} in line.`;
}

async function registerAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: registrationSchema });
  if (submission.status !== "success") return formAgain(submission, null, 400);
  const keys = ticketLinkKeys();
  try {
    const outcome = await registerAttendee(await getDb(), submission.value, { secret: keys.secret });
    if (!outcome.ok) return formAgain(submission, outcome.message, 409);
    notifyOutbox();
    invalidatePublicContent();
    return {
      result: submission.reply({ resetForm: true }),
      toast: makeToast("success", REGISTRATION_MESSAGES.success, 5000),
      success: {
        email: outcome.email,
        ticketId: outcome.ticketId,
        ticketUrl: ticketPageUrl(keys.publicUrl, outcome.token),
        qrSvg: await qrSvg(outcome.token),
      },
    };
  } catch (error) {
    logger().error({ err: error }, "registration failed");
    return formAgain(submission, REGISTRATION_MESSAGES.failed, 500);
  }
}
