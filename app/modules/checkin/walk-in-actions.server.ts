import { data } from "react-router";
import { getConfig } from "~/config.server";
import type { Db } from "~/db/client.server";
import type { Language } from "~/i18n/languages";
import { logger } from "~/logger.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { whatsappOn } from "~/modules/mail/whatsapp-outbox.server";
import { smsOffer } from "~/modules/sms/sms-offer.server";
import { qrSvg } from "~/modules/tickets/qr.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { deviceOf } from "./door-devices.server";
import { doorFormOrigin } from "./door-sync-schema";
import type { AdmittedWalkIn, SamePerson } from "./walk-in-admit.server";
import { checkWalkIn, walkInFields } from "./walk-in-schema";
import { registerWalkIn, walkInSeats } from "./walk-ins.server";

// /admin/check-in/walk-in: the door's "Register a walk-in". The page says how many seats are
// left for walk-ins; the form registers and admits in one step, or answers why not with what
// was typed kept: a field to correct, someone already registered with the address or phone
// ("Admit them instead"), or the hall full.

/** What the page shows after a send; `values` re-renders what was typed. */
export type WalkInAnswer =
  | { kind: "invalid"; values: Record<string, string>; errors: Record<string, string[]> }
  | { kind: "same-person"; values: Record<string, string>; byEmail: boolean; people: SamePerson[] }
  | { kind: "full" | "phone" | "failed"; values: Record<string, string> }
  | { kind: "too-many"; values: Record<string, string>; retryAfter: number }
  | {
      kind: "admitted";
      attendee: { id: string; full_name: string; ticket_id: string };
      sentBy: AdmittedWalkIn["sentBy"];
      /** the ticket's QR code (SVG markup made by the qrcode library from our own signed code) */
      qr: string;
    };

/**
 * The page's data. With the account and the page's device id (as the page knows it: `?device=`,
 * or its cookie; anything not a device id is none), the seat line counts the seats this device
 * holds for offline walk-ins as its own.
 */
export async function walkInPage(db: Db, holder?: { actor: { id: string }; device: unknown }) {
  const device = deviceOf(holder?.device);
  const seats = await walkInSeats(db, holder && device ? { adminId: holder.actor.id, device } : null);
  return { seats, sms: smsOffer(getConfig()), whatsapp: whatsappOn() };
}

export async function walkInAction(db: Db, actor: AuditActor, form: FormData, language: Language) {
  const values = walkInFields(form);
  const verdict = checkWalkIn(values);
  if ("error" in verdict) return data<WalkInAnswer>({ kind: "invalid", values, errors: verdict.error }, { status: 400 });
  // The door's name and device, and the form's own id (with JavaScript): a retried send registers once.
  const origin = doorFormOrigin(form);
  try {
    const result = await registerWalkIn(db, actor, verdict.value, { language, origin });
    if (result.status === "admitted") {
      const qr = await qrSvg(signDoorCode(result.attendee.ticket_id, ticketLinkKeys().secret));
      return data<WalkInAnswer>({ kind: "admitted", attendee: result.attendee, sentBy: result.sentBy, qr });
    }
    if (result.status === "too-many") {
      return data<WalkInAnswer>(
        { kind: "too-many", values, retryAfter: result.retryAfter },
        { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
      );
    }
    if (result.status === "same-person") {
      return data<WalkInAnswer>({ kind: "same-person", values, byEmail: result.byEmail, people: result.people }, { status: 409 });
    }
    return data<WalkInAnswer>({ kind: result.status, values }, { status: result.status === "failed" ? 500 : 409 });
  } catch (error) {
    logger().error({ err: error }, "walk-in registration failed");
    return data<WalkInAnswer>({ kind: "failed", values }, { status: 500 });
  }
}
