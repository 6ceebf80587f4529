import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import * as z from "zod/mini";
import { getDb } from "~/db/db.server";
import { logger } from "~/logger.server";
import { invalidatePublicContent } from "~/modules/content/public-content.server";
import { notifyOutbox } from "~/modules/mail/outbox-worker.server";
import { qrSvg } from "~/modules/tickets/qr.server";
import { ticketLinkKeys, ticketPageUrl } from "~/modules/tickets/ticket-link.server";
import { makeToast } from "~/ui/toast";
import { REGISTRATION_MESSAGES, registerAttendee } from "./registration.server";
import { resendTicketByEmail } from "./resend.server";
import { joinFieldErrors, registrationSchema, resendSchema } from "./schema";

/** What /register's form posts: a registration, or "Lost your ticket?" (intent=resend). */
export async function registrationAction(formData: FormData) {
  return formData.get("intent") === "resend" ? resendAction(formData) : registerAction(formData);
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

async function registerAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: registrationSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: makeToast("error", joinFieldErrors(submission.error ?? undefined)) }, { status: 400 });
  }
  const keys = ticketLinkKeys();
  try {
    const outcome = await registerAttendee(await getDb(), submission.value, { secret: keys.secret });
    if (!outcome.ok) {
      return data(
        { result: submission.reply({ formErrors: [outcome.message] }), toast: makeToast("error", outcome.message) },
        { status: 409 },
      );
    }
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
    return data({ result: submission.reply(), toast: makeToast("error", REGISTRATION_MESSAGES.failed) }, { status: 500 });
  }
}
