import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import * as z from "zod/mini";
import { invalidatePublicContent } from "~/cache/public-content-generation";
import { clientNetwork } from "~/client-network.server";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import type { Attribution } from "~/db/schema";
import { type Language, withLanguage } from "~/i18n/languages";
import { translateMessage } from "~/i18n/message-key";
import { translator } from "~/i18n/translate.server";
import { NETWORK_CEILING_MESSAGE, takePostSlot } from "~/limits/network-limits.server";
import { logger } from "~/logger.server";
import { holdGate } from "~/modules/booking-protection/hold-gate.server";
import { checkHuman, STAMP_MESSAGES, spendStamp } from "~/modules/booking-protection/human-check.server";
import { EMAIL_CHOICE, suggestEmail } from "~/modules/person/email-suggestion";
import { isResendByPhone, joinFieldErrors, type RegistrationInput, registrationSchema, resendSchema } from "~/modules/person/fields";
import { storedPhone } from "~/modules/person/phone.server";
import { PHONE_CHOICE } from "~/modules/person/phone-choice";
import { smsOffer } from "~/modules/sms/sms-offer.server";
import { qrSvg } from "~/modules/tickets/qr.server";
import { signSavedTicketToken } from "~/modules/tickets/saved-ticket-token.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { makeToast } from "~/ui/toast";
import { phoneOnFile } from "./phone-on-file.server";
import { REGISTRATION_MESSAGES, registerAttendee } from "./registration.server";
import { resendTicketByEmail, resendTicketsToPhone } from "./resend.server";
import { TICKET_AGAIN_BUTTON } from "./ticket-again-button";

/**
 * Who sent a public form: their network and browser (limits), the page's language (every answer
 * and later message), and the outreach that brought their browser, as the route resolved its
 * source cookie (modules/outreach), stored with the registration.
 */
export type Poster = { clientIp: string; browserId: string; language: Language; attribution?: Attribution };

/**
 * What /register's form posts: a registration, or "Lost your ticket?" (intent=resend); the
 * waitlist's join (intent=waitlist) is the waitlist module's.
 */
export async function registrationAction(formData: FormData, poster: Poster) {
  if (formData.get("intent") === "resend") return resendAction(formData, poster, "lost");
  if (ticketAgainAsked(formData)) return resendAction(formData, poster, "form");
  return registerAction(formData, poster);
}

/** "Send my ticket again" was pressed: the button under an address that is already registered (ticket-again.tsx). */
export function ticketAgainAsked(formData: FormData): boolean {
  return formData.get(TICKET_AGAIN_BUTTON.name) === TICKET_AGAIN_BUTTON.value;
}

/**
 * Why a well-formed post is not taken: a script (human-check.server), a stamp already used,
 * or one network over its ceiling. Checked after the form's own validation, so people still
 * see their field errors; refused posts store nothing but the stamp's use and the count.
 */
async function refusal(
  formData: FormData,
  poster: Poster,
): Promise<{ message: string; status: 400 | 409 | 429; headers?: HeadersInit } | null> {
  const check = checkHuman(formData, ticketLinkKeys().secret, poster.browserId);
  if (!check.ok) {
    logger().info({ reason: check.reason }, "public form refused: not sent by a person");
    return { message: check.message, status: 400 };
  }
  const db = await getDb();
  // Side by side: on PostgreSQL two connections answer at once. A replay counts against its network too.
  const [fresh, slot] = await Promise.all([spendStamp(db, check.nonce), takePostSlot(db, poster.clientIp)]);
  if (!fresh) {
    logger().warn("public form refused: its stamp was used already");
    return { message: STAMP_MESSAGES.used, status: 409 };
  }
  if (!slot.ok) {
    logger().warn({ network: clientNetwork(poster.clientIp) }, "public form refused: the network is over its ceiling");
    return { message: NETWORK_CEILING_MESSAGE, status: 429, headers: { "Retry-After": String(slot.retryAfter) } };
  }
  return null;
}

/** The neutral answer to "send my ticket again", whether or not the address registered. */
const RESENT_MESSAGE = "public:lostTicket.sent";

/** Where the ticket was asked for again: "Lost your ticket?", or the registration form's button. */
export type ResendPlace = "lost" | "form";

async function resendAction(formData: FormData, poster: Poster, place: ResendPlace) {
  const email = String(formData.get("email") ?? "");
  // Asked from the registration form, its other fields come back as typed; either way, so does the address.
  const kept = place === "form" ? { result: parseWithZod(formData, { schema: registrationSchema }).reply() } : {};
  // Said as a toast too: without JavaScript the answered page opens at its top, far from the form.
  const answer = (sent: boolean, error?: string) => ({
    ...kept,
    resend: { sent, error, email, place },
    toast: sent ? makeToast("success", RESENT_MESSAGE, 8000) : makeToast("error", error ?? RESENT_MESSAGE),
  });
  const parsed = z.safeParse(resendSchema, { email });
  if (!parsed.success) return data(answer(false, parsed.error.issues[0]?.message), { status: 400 });
  const refused = await refusal(formData, poster);
  if (refused) return data(answer(false, refused.message), { status: refused.status, headers: refused.headers });
  const db = await getDb();
  // Answered the same way whatever happens, and without waiting, so neither the text nor the timing reveals who registered.
  // A phone number: every registration with it gets its ticket by SMS (by e-mail to the address on file when the site
  // sends no SMS), within the same per-registration limits as an e-mail's resend.
  const value = parsed.data.email;
  const resending = isResendByPhone(value)
    ? resendTicketsToPhone(db, storedPhone(value), { sms: smsOffer(getConfig()).offered })
    : resendTicketByEmail(db, value);
  void resending
    .then((outcome) => {
      logger().info({ outcome }, "ticket self-resend");
    })
    .catch((error) => logger().error({ err: error }, "ticket self-resend failed"));
  return answer(true);
}

/** The form again with the entered values: invalid (400), refused (409) or failed (500), with the reason as a toast. */
export function formAgain(
  submission: Submission<RegistrationInput>,
  message: string | null,
  status: 400 | 409 | 429 | 500,
  options: { language: Language; headers?: HeadersInit },
) {
  const { language, headers } = options;
  // Said here, in the sender's language: a refusal, or every field's message joined in one line.
  const t = translator(language, "common");
  const say = (key: string) => translateMessage(t, key);
  const text = message ? say(message) : joinFieldErrors(submission.status === "success" ? undefined : (submission.error ?? undefined), say);
  // A refusal is said above the form too; the entered values stay either way. An address that is
  // already registered is also said under its field, which then offers to send the ticket again.
  const duplicate = message === REGISTRATION_MESSAGES.duplicate;
  const reply = submission.reply(
    message && status !== 500 ? { formErrors: [text], ...(duplicate ? { fieldErrors: { email: [message] } } : {}) } : undefined,
  );
  return data({ result: reply, toast: makeToast("error", text), duplicate }, { status, headers });
}

/**
 * A posted registration form (the registration or the waitlist, one form): its checked values,
 * or the answer to send back when it is invalid (400) or refused as a script's, a replay or
 * over the network's ceiling (refusal).
 */
export async function checkRegistrationForm(formData: FormData, poster: Poster) {
  const choice = formData.get(EMAIL_CHOICE.name);
  // "Use this": the address the question suggested, worked out again from the one typed (with
  // JavaScript the field already holds it, and then there is nothing to suggest).
  const suggested = choice === EMAIL_CHOICE.use ? suggestEmail(String(formData.get("email") ?? "")) : null;
  if (suggested) formData.set("email", suggested);
  const submission = parseWithZod(formData, { schema: registrationSchema });
  if (submission.status !== "success")
    return { ok: false as const, answer: formAgain(submission, null, 400, { language: poster.language }) };
  // "Did you mean …?", until the person chooses: nothing is stored, the stamp is not spent.
  const question = choice === EMAIL_CHOICE.use || choice === EMAIL_CHOICE.keep ? null : suggestEmail(submission.value.email);
  if (question) return { ok: false as const, answer: data({ result: submission.reply(), emailQuestion: question }) };
  const refused = await refusal(formData, poster);
  if (refused)
    return {
      ok: false as const,
      answer: formAgain(submission, refused.message, refused.status, { language: poster.language, headers: refused.headers }),
    };
  return { ok: true as const, submission };
}

/**
 * A phone number already registered is said, never registered again unasked: "Send my ticket
 * again" (to that number by SMS when the site sends SMS, else to the addresses on file), or
 * "This is someone else", which goes on to register. Asked after the checks against scripts, so
 * that learning whether a number registered costs a person's post. Null when nothing to ask.
 */
async function phoneAnswer(formData: FormData, submission: Submission<RegistrationInput> & { status: "success" }) {
  const choice = formData.get(PHONE_CHOICE.name);
  if (choice === PHONE_CHOICE.someoneElse) return null;
  const db = await getDb();
  const sms = smsOffer(getConfig()).offered;
  const { phone, email } = submission.value;
  if (choice === PHONE_CHOICE.resend) {
    const outcome = await resendTicketsToPhone(db, storedPhone(phone), { sms });
    logger().info({ outcome }, "ticket resent to a phone number already registered");
    // Said as sent within the limits too, as "Lost your ticket?" says it.
    const onFile = await phoneOnFile(db, phone, email);
    return {
      result: submission.reply(),
      phoneQuestion: { emails: onFile?.emails ?? [], sms, sent: true },
      toast: makeToast("success", sms ? "public:register.phoneQuestion.sentSms" : "public:register.phoneQuestion.sentEmail", 8000),
    };
  }
  const onFile = await phoneOnFile(db, phone, email);
  return onFile ? { result: submission.reply(), phoneQuestion: { emails: sms ? [] : onFile.emails, sms } } : null;
}

async function registerAction(formData: FormData, poster: Poster) {
  const form = await checkRegistrationForm(formData, poster);
  if (!form.ok) return form.answer;
  const { submission } = form;
  const keys = ticketLinkKeys();
  try {
    const asked = await phoneAnswer(formData, submission);
    if (asked) return asked;
    const held = await holdGate(formData, poster, submission, "register");
    if (held) return held;
    const db = await getDb();
    const person = { ...submission.value, language: poster.language, attribution: poster.attribution };
    const outcome = await registerAttendee(db, person, { secret: keys.secret });
    if (!outcome.ok) return formAgain(submission, outcome.message, 409, { language: poster.language });
    invalidatePublicContent();
    return {
      result: submission.reply({ resetForm: true }),
      toast: makeToast("success", REGISTRATION_MESSAGES.success, 5000),
      success: {
        // As stored (normalised); the web form always has one (only USSD registers without).
        email: outcome.email ?? submission.value.email,
        ticketId: outcome.ticketId,
        // The door code only: the page's link (cancel, data) goes to the person's mailbox alone.
        qrSvg: await qrSvg(outcome.doorCode),
        // "Save ticket": the ticket's image through a short-lived token that opens nothing else.
        saveUrl: withLanguage(`/ticket-image/${signSavedTicketToken(outcome.ticketId, keys.secret)}`, poster.language),
      },
    };
  } catch (error) {
    logger().error({ err: error }, "registration failed");
    return formAgain(submission, REGISTRATION_MESSAGES.failed, 500, { language: poster.language });
  }
}
