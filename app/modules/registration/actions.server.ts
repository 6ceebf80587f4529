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
import { makeToast } from "~/ui/toast";
import { checkHuman, HUMAN_CHECK_MESSAGE } from "./human-check.server";
import { IP_CEILING_MESSAGE, secondsToNextWindow, takeIpSlot } from "./ip-ceiling.server";
import { REGISTRATION_MESSAGES, registerAttendee } from "./registration.server";
import { resendTicketByEmail } from "./resend.server";
import { joinFieldErrors, type RegistrationInput, registrationSchema, resendSchema } from "./schema";

/**
 * What /register's form posts: a registration, or "Lost your ticket?" (intent=resend); the
 * waitlist's join (intent=waitlist) is the waitlist module's. `clientIp` counts against the
 * per-address ceiling.
 */
export async function registrationAction(formData: FormData, clientIp = "") {
  return formData.get("intent") === "resend" ? resendAction(formData, clientIp) : registerAction(formData, clientIp);
}

/**
 * Why a well-formed post is not taken: a script (human-check.server) or one address over its
 * ceiling. Checked after the form's own validation, so people still see their field errors;
 * refused posts store nothing.
 */
function refusal(formData: FormData, clientIp: string): { message: string; status: 400 | 429; headers?: HeadersInit } | null {
  const check = checkHuman(formData, ticketLinkKeys().secret);
  if (!check.ok) {
    logger().info({ reason: check.reason }, "public form refused: not sent by a person");
    return { message: HUMAN_CHECK_MESSAGE, status: 400 };
  }
  if (!takeIpSlot(clientIp)) {
    logger().warn({ ip: clientIp }, "public form refused: the address is over its ceiling");
    return { message: IP_CEILING_MESSAGE, status: 429, headers: { "Retry-After": String(secondsToNextWindow(clientIp)) } };
  }
  return null;
}

async function resendAction(formData: FormData, clientIp: string) {
  const parsed = z.safeParse(resendSchema, { email: formData.get("email") ?? "" });
  if (!parsed.success) return data({ resend: { sent: false, error: parsed.error.issues[0]?.message } }, { status: 400 });
  const refused = refusal(formData, clientIp);
  if (refused) return data({ resend: { sent: false, error: refused.message } }, { status: refused.status, headers: refused.headers });
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
export function formAgain(
  submission: Submission<RegistrationInput>,
  message: string | null,
  status: 400 | 409 | 429 | 500,
  headers?: HeadersInit,
) {
  const text = message ?? joinFieldErrors(submission.status === "success" ? undefined : (submission.error ?? undefined));
  // A refusal is said above the form too; the entered values stay either way.
  const reply = submission.reply(message && status !== 500 ? { formErrors: [text] } : undefined);
  return data({ result: reply, toast: makeToast("error", text) }, { status, headers });
}

/**
 * A posted registration form (the registration or the waitlist, one form): its checked values,
 * or the answer to send back when it is invalid (400) or refused as a script's or over the
 * address's ceiling (refusal).
 */
export function checkRegistrationForm(formData: FormData, clientIp: string) {
  const submission = parseWithZod(formData, { schema: registrationSchema });
  if (submission.status !== "success") return { ok: false as const, answer: formAgain(submission, null, 400) };
  const refused = refusal(formData, clientIp);
  if (refused) return { ok: false as const, answer: formAgain(submission, refused.message, refused.status, refused.headers) };
  return { ok: true as const, submission };
}

async function registerAction(formData: FormData, clientIp: string) {
  const form = checkRegistrationForm(formData, clientIp);
  if (!form.ok) return form.answer;
  const { submission } = form;
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
