import { eq, inArray, or } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { normalizeEmail } from "~/db/email";
import { isPerson, messagesToPerson, type PersonKey, personKeyOf } from "~/db/person-key";
import {
  attendees,
  cancelled_registrations,
  certificates,
  emailEquals,
  feedback,
  held_registrations,
  mail_outbox,
  past_registrations,
  reminders,
  ussd_drafts,
  waitlist,
  whatsapp_chats,
} from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { type AuditActor, pseudonymiseAuditEntries, recordAudit, SELF_SERVICE_ACTOR } from "~/modules/audit/audit.server";
import { withdrawCertificates } from "~/modules/certificates/certificate-verify.server";
import { doorRecordsOf } from "~/modules/checkin/door-records.server";
import { eraseOptIn, optInForExport } from "~/modules/invitations/opt-in.server";
import { lockSeats } from "~/modules/settings/seats.server";
import { selfServiceRegistration } from "~/modules/tickets/self-service.server";
import { settleWaitlist } from "~/modules/waitlist/waitlist.server";

// A person's rights under Nigeria's Data Protection Act: a copy of everything stored about
// them, and erasure. A person is an e-mail address (or, registered by USSD, a phone number: person-key.server.ts): their registration, any registrations
// they cancelled, the mail sent to them, their check-in, what the doors' lists gave them and
// reminders, their opt-in to hear about future editions. The audit log keeps
// that something happened, under the registration's random id, without their details.

/** What a copy of someone's data says of each e-mail sent to them. */
const MAIL_LOG = {
  kind: mail_outbox.kind,
  to: mail_outbox.to_address,
  subject: mail_outbox.subject,
  status: mail_outbox.status,
  queued_at: mail_outbox.created_at,
  sent_at: mail_outbox.sent_at,
};

/** What a copy of someone's data says of their answer to a survey after the event. */
const SURVEY_ANSWER = {
  edition_id: feedback.edition_id,
  rating: feedback.rating,
  most_useful_session: feedback.session_title,
  what_should_change: feedback.change_text,
  would_come_again: feedback.come_again,
  may_quote_with_name: feedback.quote_me,
  answered_at: feedback.created_at,
  changed_at: feedback.updated_at,
};

const PERSONAL_DATA_AUDIT = { export: "attendee.data-export", erase: "attendee.erase" } as const;

/** The person a registration (active or cancelled) belongs to, by its id. */
async function personOf(db: DbOrTx, id: string): Promise<PersonKey | undefined> {
  if (!isUuid(id)) return undefined;
  const [active] = await db.select(PERSON).from(attendees).where(eq(attendees.id, id));
  if (active) return personKeyOf(active);
  const [cancelled] = await db
    .select({ email: cancelled_registrations.email, phone: cancelled_registrations.phone, channel: cancelled_registrations.channel })
    .from(cancelled_registrations)
    .where(eq(cancelled_registrations.id, id));
  return cancelled ? personKeyOf(cancelled) : undefined;
}

const PERSON = { email: attendees.email, phone: attendees.phone, channel: attendees.channel };

/**
 * What a self-service link may reach. The link of an active registration speaks for its
 * address (only that mailbox received it): everything about the address. The link of a
 * cancelled registration speaks only for that registration: the address may since have been
 * registered again, perhaps by someone else, whose data an old link must never reach.
 */
export type SelfServiceReach = { id: string; active: boolean };

/** The registration a self-service token was issued for, and whether it is still active. */
export async function registrationBySelfServiceToken(db: DbOrTx, token: string, secret: string): Promise<SelfServiceReach | undefined> {
  const id = await selfServiceRegistration(db, token, secret);
  if (!id) return undefined;
  const [active] = await db.select({ id: attendees.id }).from(attendees).where(eq(attendees.id, id));
  if (active) return { id, active: true };
  const [cancelled] = await db
    .select({ id: cancelled_registrations.id })
    .from(cancelled_registrations)
    .where(eq(cancelled_registrations.id, id));
  if (cancelled) return { id, active: false };
  // A past edition's registration, until that edition's purge: like a cancelled one, only itself.
  const [past] = await db.select({ id: past_registrations.id }).from(past_registrations).where(eq(past_registrations.id, id));
  return past ? { id, active: false } : undefined;
}

/** "Download my data" from a self-service link: the person's data, or only the cancelled registration's. */
export async function exportBySelfService(db: Db, reach: SelfServiceReach) {
  if (reach.active) return exportPersonalData(db, SELF_SERVICE_ACTOR, reach.id);
  const [cancelled] = await db.select().from(cancelled_registrations).where(eq(cancelled_registrations.id, reach.id));
  const [past] = cancelled ? [] : await db.select().from(past_registrations).where(eq(past_registrations.id, reach.id));
  if (!cancelled && !past) return undefined;
  const mail = await db.select(MAIL_LOG).from(mail_outbox).where(eq(mail_outbox.attendee_id, reach.id)).orderBy(mail_outbox.created_at);
  // A past edition's survey answer stays linked to its registration until that edition's purge: theirs too.
  const [answer] = past ? await db.select(SURVEY_ANSWER).from(feedback).where(eq(feedback.past_registration_id, past.id)) : [];
  await recordAudit(db, SELF_SERVICE_ACTOR, { action: PERSONAL_DATA_AUDIT.export, entity: "attendee", entityId: reach.id });
  return {
    exported_at: new Date().toISOString(),
    about: cancelled
      ? "What this website stores about this cancelled registration: its details and the e-mails sent for it."
      : "What this website stores about this registration for a past edition of the summit: its details and the e-mails sent for it.",
    ...(cancelled ? { cancelled_registration: cancelled } : { past_registration: past, feedback: answer ?? null }),
    emails: mail,
  };
}

/** "Delete my data" from a self-service link: the person everywhere, or only the cancelled registration. */
export async function eraseBySelfService(db: Db, reach: SelfServiceReach): Promise<boolean> {
  if (reach.active) return erasePersonalData(db, SELF_SERVICE_ACTOR, reach.id);
  return db.transaction(async (tx) => {
    // A past registration's survey answer goes with it (the foreign key alone would only unlink it).
    await tx.delete(feedback).where(eq(feedback.past_registration_id, reach.id));
    const gone = [
      ...(await tx
        .delete(cancelled_registrations)
        .where(eq(cancelled_registrations.id, reach.id))
        .returning({ id: cancelled_registrations.id })),
      ...(await tx.delete(past_registrations).where(eq(past_registrations.id, reach.id)).returning({ id: past_registrations.id })),
    ];
    if (gone.length === 0) return false;
    await tx.delete(mail_outbox).where(eq(mail_outbox.attendee_id, reach.id));
    await pseudonymiseAuditEntries(tx, ["attendee"], [reach.id]);
    await recordAudit(tx, SELF_SERVICE_ACTOR, { action: PERSONAL_DATA_AUDIT.erase, entity: "attendee", entityId: reach.id });
    return true;
  });
}

/** Everything stored about the person whose registration this is, as one JSON-ready object. */
export async function exportPersonalData(db: Db, actor: AuditActor, id: string) {
  const person = await personOf(db, id);
  if (!person) return undefined;
  const [registration] = await db.select().from(attendees).where(isPerson(attendees, person));
  const cancelled = await db.select().from(cancelled_registrations).where(isPerson(cancelled_registrations, person));
  const waitlistEntries = await db.select().from(waitlist).where(isPerson(waitlist, person));
  const pastEditions = await db.select().from(past_registrations).where(isPerson(past_registrations, person));
  const ids = [registration?.id, ...cancelled.map((c) => c.id)].filter((x): x is string => Boolean(x));
  const pastIds = pastEditions.map((past) => past.id);
  const [door, reminderRows, mail, futureEditions, survey, pastSurveys, certificate] = await Promise.all([
    // Their check-in, what the lists gave them, and a second of either at a door that was offline.
    doorRecordsOf(db, registration?.id),
    registration
      ? db
          .select({ event_date: reminders.event_date, queued_at: reminders.created_at })
          .from(reminders)
          .where(eq(reminders.attendee_id, registration.id))
      : [],
    db
      .select({ ...MAIL_LOG, attempts: mail_outbox.attempts, last_error: mail_outbox.last_error })
      .from(mail_outbox)
      .where(or(inArray(mail_outbox.attendee_id, ids.length ? ids : [id]), messagesToPerson(person)))
      .orderBy(mail_outbox.created_at),
    "email" in person ? optInForExport(db, person.email) : null,
    // Their answer to the survey after the event, while it is still theirs (the purge unlinks it).
    registration ? db.select(SURVEY_ANSWER).from(feedback).where(eq(feedback.attendee_id, registration.id)) : [],
    // …and their answers to past editions' surveys, linked until each edition's purge.
    pastIds.length > 0
      ? db.select(SURVEY_ANSWER).from(feedback).where(inArray(feedback.past_registration_id, pastIds)).orderBy(feedback.edition_id)
      : [],
    // Their certificate of attendance as issued (what /verify shows of it).
    db
      .select({
        full_name: certificates.full_name,
        event_name: certificates.event_name,
        event_date: certificates.event_date,
        venue: certificates.venue,
        issued_at: certificates.issued_at,
      })
      .from(certificates)
      .where(inArray(certificates.registration_id, [id, ...ids, ...pastIds])),
  ]);
  await recordAudit(db, actor, { action: PERSONAL_DATA_AUDIT.export, entity: "attendee", entityId: id });
  return {
    exported_at: new Date().toISOString(),
    about:
      "Everything this event's website stores about you: your registration, any registrations you cancelled, your places on the waitlist, your check-in at the door (and any second admission at another door), what the doors' check-in lists gave you (lunch, a kit: when and at which door, and anything given twice by two doors), the reminders queued for you, every e-mail and SMS sent to you, whether you asked to hear about future editions, your certificates of attendance and your answers to the surveys after the event (this edition's and past editions').",
    registration: registration ?? null,
    cancelled_registrations: cancelled,
    waitlist: waitlistEntries,
    past_editions: pastEditions,
    ...door,
    reminders: reminderRows,
    emails: mail,
    future_editions: futureEditions,
    certificates: certificate,
    feedback: survey[0] ?? null,
    past_editions_feedback: pastSurveys,
  };
}

/**
 * Erases the person everywhere, in one transaction: the registration (and with it the
 * check-in, the lists' gives and reminders), registrations they cancelled, the mail sent to
 * them; their audit entries keep only the registration's random id. Frees the seat. False when
 * there is no such registration.
 */
export async function erasePersonalData(db: Db, actor: AuditActor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const person = await personOf(tx, id);
    if (!person) return false;
    await erasePerson(tx, person);
    await recordAudit(tx, actor, { action: PERSONAL_DATA_AUDIT.erase, entity: "attendee", entityId: id });
    return true;
  });
}

/** The erasure itself, inside the caller's transaction (an organiser's Delete runs it too). */
export async function erasePerson(tx: DbOrTx, given: PersonKey): Promise<void> {
  const person = "email" in given ? { email: normalizeEmail(given.email) } : given;
  // The settings row first, as every seat-changing transaction takes it: one lock order, no deadlocks.
  await lockSeats(tx);
  // A registration held during an attack and not yet confirmed is theirs too, and so is their
  // wish to hear about future editions (both only ever by e-mail), and an unfinished USSD menu or
  // WhatsApp conversation.
  if ("email" in person) {
    await tx.delete(held_registrations).where(emailEquals(held_registrations.email, person.email));
    await eraseOptIn(tx, person.email);
  } else {
    await tx.delete(ussd_drafts).where(eq(ussd_drafts.phone, person.ussdPhone));
    await tx.delete(whatsapp_chats).where(eq(whatsapp_chats.phone, person.ussdPhone));
  }
  // Their waitlist entries go first (an offer they held passes on at the end).
  const queued = await tx.delete(waitlist).where(isPerson(waitlist, person)).returning({ id: waitlist.id });
  if (queued.length > 0) {
    await pseudonymiseAuditEntries(
      tx,
      ["waitlist"],
      queued.map((row) => row.id),
    );
  }
  const active = await tx.select({ id: attendees.id }).from(attendees).where(isPerson(attendees, person)).for("update");
  const cancelled = await tx
    .select({ id: cancelled_registrations.id })
    .from(cancelled_registrations)
    .where(isPerson(cancelled_registrations, person));
  const ids = [...active, ...cancelled].map((row) => row.id);
  await tx
    .delete(mail_outbox)
    .where(ids.length ? or(inArray(mail_outbox.attendee_id, ids), messagesToPerson(person)) : messagesToPerson(person));
  if (ids.length > 0) {
    await pseudonymiseAuditEntries(tx, ["attendee"], ids);
    // Their survey answer goes too (free text can say who wrote it); the purge, by contrast, keeps answers unlinked.
    await tx.delete(feedback).where(inArray(feedback.attendee_id, ids));
    await tx.delete(cancelled_registrations).where(inArray(cancelled_registrations.id, ids));
    await tx.delete(attendees).where(inArray(attendees.id, ids));
  }
  // Their registrations for past editions too: erasure is of the person, not of one year. Their
  // answers to those editions' surveys go first (the foreign key alone would only unlink them).
  const pastRows = await tx.select({ id: past_registrations.id }).from(past_registrations).where(isPerson(past_registrations, person));
  if (pastRows.length > 0) {
    await tx.delete(feedback).where(
      inArray(
        feedback.past_registration_id,
        pastRows.map((row) => row.id),
      ),
    );
  }
  const past = await tx.delete(past_registrations).where(isPerson(past_registrations, person)).returning({ id: past_registrations.id });
  if (past.length > 0) {
    await pseudonymiseAuditEntries(
      tx,
      ["attendee", "waitlist"],
      past.map((row) => row.id),
    );
  }
  // Their certificates of attendance stop verifying and lose the name they carried.
  await withdrawCertificates(tx, [...ids, ...past.map((row) => row.id)]);
  // A freed seat, or an offer they held, goes to the next person waiting.
  await settleWaitlist(tx);
}
