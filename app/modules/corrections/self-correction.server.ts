import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { formatDateTime } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import { localPhone } from "~/modules/person/phone.server";
import { getSettings } from "~/modules/settings/settings.server";
import { selfServiceRegistration } from "~/modules/tickets/self-service.server";
import { signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { correctDetails } from "./correct-details.server";
import { correctionsCloseAt, correctionsOpen } from "./correction-window";
import { checkSelfCorrection, formFields } from "./details-schema";

// "Correct my details" from the person's own link (/tickets/<token>/details): what the page
// shows, and its save. Served without React, a plain form, in the page's language.

export type DetailsValues = Record<
  "fullName" | "email" | "phone" | "gender" | "organization" | "position" | "state" | "localGovernment",
  string
>;

export type CorrectionsState =
  | { state: "open"; closesAt: string }
  | { state: "closed"; closedAt: string; contact: Contact }
  | { state: "locked"; contact: Contact };
type Contact = { email: string; phone: string };

/** The row's details as the form's fields hold them. */
export function detailsValues(row: Omit<typeof attendees.$inferSelect, "invite_code" | "search_key">): DetailsValues {
  return {
    fullName: row.full_name,
    email: row.email ?? "",
    // As people write it: the form reads it back to the same stored number.
    phone: localPhone(row.phone),
    gender: row.gender,
    organization: row.organization,
    position: row.position,
    state: row.state,
    localGovernment: row.local_government,
  };
}

/** Whether, and until when, a registration's holder may correct their details (the ticket page's card). */
export async function correctionsState(db: DbOrTx, registrationId: string, language: Language, now = new Date()) {
  const [row] = await db.select({ locked: attendees.details_locked }).from(attendees).where(eq(attendees.id, registrationId));
  return row ? correctionsStateOf(db, row.locked, language, now) : null;
}

async function correctionsStateOf(db: DbOrTx, locked: boolean, language: Language, now: Date): Promise<CorrectionsState> {
  const settings = await getSettings(db);
  const contact = { email: settings.privacy_email || settings.contact_email, phone: settings.contact_phone };
  const closesAt = correctionsCloseAt(settings);
  if (locked) return { state: "locked", contact };
  if (!correctionsOpen(settings, now)) return { state: "closed", closedAt: formatDateTime(language, closesAt), contact };
  return { state: "open", closesAt: formatDateTime(language, closesAt) };
}

/** What /tickets/<token>/details shows: the form with the details on file, or why it is closed. Null: not an active registration's link. */
export async function selfCorrectionPage(db: DbOrTx, token: string, secret: string, language: Language, now = new Date()) {
  const id = await selfServiceRegistration(db, token, secret);
  if (!id) return null;
  const [row] = await db.select().from(attendees).where(eq(attendees.id, id));
  if (!row) return null;
  const corrections = await correctionsStateOf(db, row.details_locked, language, now);
  return { corrections, values: detailsValues(row), ticketId: row.ticket_id };
}

export type SelfCorrectionAnswer =
  | { status: "saved"; token: string }
  | { status: "invalid"; errors: Record<string, string[]>; values: Record<string, string> }
  | { status: "gone" | "closed" | "locked" | "limit" }
  | { status: "taken"; field: "email" | "phone" };

/** The form's save: the new link to go back to (it changes with the phone), or the errors with what was typed. */
export async function selfCorrectionAction(
  db: Db,
  token: string,
  secret: string,
  form: FormData,
  now = new Date(),
): Promise<SelfCorrectionAnswer> {
  const id = await selfServiceRegistration(db, token, secret);
  if (!id) return { status: "gone" };
  const verdict = checkSelfCorrection(form);
  if ("error" in verdict) return { status: "invalid", errors: verdict.error, values: formFields(form) };
  const outcome = await correctDetails(db, { by: "self", id, input: verdict.value, now });
  if (outcome.status === "saved" || outcome.status === "unchanged") {
    return { status: "saved", token: signSelfServiceToken(id, secret, outcome.version) };
  }
  if (outcome.status === "taken") return outcome;
  // "email-required" is the organisers' form's; the person's own form never changes the address.
  return { status: outcome.status === "email-required" ? "gone" : outcome.status };
}
