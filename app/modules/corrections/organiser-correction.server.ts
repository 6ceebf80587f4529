import { data } from "react-router";
import type { Db, DbOrTx } from "~/db/client.server";
import { getAttendeeDetails } from "~/modules/attendees/attendees.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { redirectWithToast } from "~/ui/toast.server";
import { correctDetails } from "./correct-details.server";
import { checkOrganiserCorrection, formFields } from "./details-schema";
import { detailsValues } from "./self-correction.server";

// The organisers' Edit details on the attendee page (/admin/attendees/<id>/edit): every detail,
// the e-mail address included, and the lock against the person's own changes. A new address gets
// the ticket (and the person a new link); the Activity log keeps from → to.

/** The edit form's starting values; undefined for an attendee that is not (or no longer) registered. */
export async function organiserCorrectionPage(db: DbOrTx, id: string) {
  const details = await getAttendeeDetails(db, id);
  if (!details || details.cancelledAt) return undefined;
  const row = details.attendee;
  return {
    id: row.id,
    name: row.full_name,
    ticketId: row.ticket_id,
    // A USSD registration or a walk-in may have no address: the field is optional for them.
    emailOptional: row.channel !== "web",
    values: { ...detailsValues(row), locked: row.details_locked ? "on" : "" },
  };
}

const MESSAGES = {
  "email-required": { email: ["validation.emailRequired"] },
  email: { email: ["This address is already registered by someone else."] },
  phone: { phone: ["This phone number is already registered by USSD by someone else."] },
} as const;

/** Saves the form: back to the attendee page with what changed, or the form again with its errors and what was typed. */
export async function organiserCorrectionAction(db: Db, actor: AuditActor, id: string, form: FormData, back: string) {
  const verdict = checkOrganiserCorrection(form);
  const fail = (errors: Record<string, readonly string[]>, status = 400) => data({ errors, values: formFields(form) }, { status });
  if ("error" in verdict) return fail(verdict.error);
  const outcome = await correctDetails(db, { by: actor, id, input: verdict.value });
  switch (outcome.status) {
    case "saved":
      return redirectWithToast(back, "success", savedToast(outcome.changes.map((c) => c.label)), { duration: 6000 });
    case "unchanged":
      return redirectWithToast(back, "info", "Nothing changed.");
    case "email-required":
      return fail(MESSAGES["email-required"]);
    case "taken":
      return fail(MESSAGES[outcome.field], 409);
    default:
      return redirectWithToast("/admin/attendees", "error", "This registration is no longer there.");
  }
}

function savedToast(labels: string[]): string {
  if (labels.length === 0) return "Details saved.";
  return `Saved: ${labels.join(", ")}. The ticket was sent again with the corrected details.`;
}
