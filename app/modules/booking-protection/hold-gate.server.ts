import type { Submission } from "@conform-to/react";
import { networkLadder } from "~/client-network.server";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import type { Attribution } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import { logger } from "~/logger.server";
import type { RegistrationInput } from "~/modules/person/fields";
import type { PersonInput } from "~/modules/person/person-values";
import { type GateSettings, getGateSettings } from "~/modules/settings/settings.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { assessPost, heldAlready } from "./hold-assessment.server";
import { type HeldIntent, holdRegistration, signHeldCodeForm } from "./hold-decision.server";
import { proofOfWorkSolved } from "./proof-of-work.server";

/**
 * The booking-attack gate both of /register's forms pass after the form's own checks (stamp,
 * fill time, network ceiling): a registration and a waitlist join are counted against the same
 * network, domain and overall rates, and one that arrives faster than people do is held until
 * confirmed from the mailbox. Made-up addresses queueing for the waitlist would otherwise be
 * offered every freed seat, each kept from real people for the offer's hours (issue 40).
 *
 * Returns the "check your e-mail" answer when the post is held (or its address already is), or
 * null when it goes on to register or join at once.
 */
export async function holdGate(
  formData: FormData,
  poster: { clientIp: string; language: Language; attribution?: Attribution },
  submission: Submission<RegistrationInput> & { status: "success" },
  intent: HeldIntent,
) {
  const db = await getDb();
  const settings = await getGateSettings(db);
  const person: PersonInput = { ...submission.value, language: poster.language, attribution: poster.attribution };
  const held = await holdOrPass(db, person, {
    networks: networkLadder(poster.clientIp),
    proved: await proofOfWorkSolved(formData),
    settings,
    intent,
  });
  if (!held) return null;
  const { decision } = held;
  // A repeated post for an address already held queued nothing; it is answered the same way all the same.
  if (held.repeated) logger().warn({ heldId: held.id, intent }, "address already held: the post changed nothing");
  else {
    logger().warn({ reason: decision.hold ? decision.reason : null, heldId: held.id, intent }, "form held until confirmed by e-mail");
  }
  return {
    result: submission.reply({ resetForm: true }),
    held: {
      email: held.email,
      codeForm: signHeldCodeForm(held.id, ticketLinkKeys().secret),
      hours: settings.held_expiry_hours,
      // A re-post of an address already held is answered in this post's words; the mail keeps the first's.
      intent,
    },
  };
}

/**
 * Counts the post against its network, domain and the overall rate; holds it when that says so,
 * or when its address is held already (its first poster's until the hold expires). Null: go on.
 */
export async function holdOrPass(
  db: Db,
  person: PersonInput,
  {
    networks,
    proved,
    settings,
    intent,
    now,
  }: { networks: string[]; proved: boolean; settings: GateSettings; intent: HeldIntent; now?: Date },
) {
  const { decision, heldId } = await assessPost(db, { networks, email: person.email, proved, thresholds: settings, intent, now });
  const held = decision.hold
    ? await holdRegistration(db, person, decision, { expiryHours: settings.held_expiry_hours, intent, now })
    : heldAlready(heldId, person.email);
  return held ? { ...held, decision } : null;
}
