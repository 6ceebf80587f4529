import type { DbOrTx } from "~/db/client.server";
import type { Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { drawnOnce } from "~/limits/drawn-once.server";
import { linkLimit } from "~/limits/link-limit.server";
import { formatEventHours } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { findTicketBySavedTicketToken } from "~/modules/tickets/saved-ticket-token.server";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { findTicketByToken, type TicketHolder } from "~/modules/tickets/tickets.server";
import type { DrawnFile, PictureRefused } from "~/ui/private-page";
import { DrawingQueueFull, drawTicketPng, type TicketDrawing } from "./drawing-pool.server";

// "Save ticket" costs a quarter of a second of CPU to draw, so asking for it must cost the
// asker more than the server (docs/SECURITY.md, "Pictures drawn per person"), with the kits
// every picture drawn per person shares:
// - each picture is kept by its content (everything drawn: name, ticket ID, language, event
//   facts, the door code), so asking again, or twelve times at once, draws it once; a changed
//   name or event date is other content and is drawn anew; it is drawn in the pool's threads
//   (drawing-pool.server.ts), below the requests' priority; requests waiting for a drawing hold
//   a quarter of the public lane at most (app/limits/drawn-once.server.ts);
// - a ticket's picture may be asked for PER_TICKET times in 10 minutes (both links to it count
//   together), far above a person saving it a few times, in either language; a link refused is
//   refused again from memory (app/limits/link-limit.server.ts);
// - a network may have DRAWINGS_PER_NETWORK pictures drawn in 10 minutes (at each of its sizes,
//   the site's per-network kit): pictures already drawn do not count, so a school saving the
//   same few tickets again never reaches it.

const WINDOW_MS = 10 * 60_000;
/** Requests for one ticket's picture per window, whichever link asks. */
export const PER_TICKET = 20;
/**
 * New drawings per network per window: three times what the booking protection lets one
 * network register unheld in the same time (10 a minute), since each person may save theirs
 * in both languages. At about 0.25 s each, one network can take at most an eighth of a
 * drawing thread.
 */
export const DRAWINGS_PER_NETWORK = 300;
/** Pictures kept: some 400 tickets of 60–90 KB; the least recently asked for go first. */
const CACHE_BYTES = 32 * 1024 * 1024;

// Counted by the registration's id (both links name it), which the counter's key holds instead of the ticket ID.
const asking = linkLimit({ name: "ticket-picture", ceiling: PER_TICKET, windowMs: WINDOW_MS });
const pictures = drawnOnce<TicketDrawing>({
  name: "ticket-drawings",
  perNetwork: DRAWINGS_PER_NETWORK,
  maxBytes: CACHE_BYTES,
  draw: (drawing) => drawTicketPng(drawing.facts, drawing.labels),
  isBusy: (error) => error instanceof DrawingQueueFull,
});

/** Who asks: the request's client address, for the per-network count. */
export type PictureRequest = { language: Language; clientIp: string };

/**
 * The PNG of "Save ticket" for the holder's own link (the ticket page's token), in `language`,
 * and its file name; null for anything the ticket page would not show as a ticket: a forged
 * token, a door code, a cancelled or erased registration.
 */
export function savedTicket(db: DbOrTx, token: string, secret: string, asked: PictureRequest) {
  return pictureFor(token, asked, () => findTicketByToken(db, token, secret), db, secret);
}

/**
 * The same PNG for the registration's answer's "Save ticket" (its short-lived token of its own,
 * tickets/saved-ticket-token.server.ts); null when the token is forged, lapsed or the ticket gone.
 */
export function savedTicketFromAnswer(db: DbOrTx, token: string, secret: string, asked: PictureRequest) {
  return pictureFor(token, asked, () => findTicketBySavedTicketToken(db, token, secret), db, secret);
}

async function pictureFor(
  token: string,
  asked: PictureRequest,
  findTicket: () => Promise<TicketHolder | null>,
  db: DbOrTx,
  secret: string,
): Promise<DrawnFile | PictureRefused | null> {
  const refusedFor = asking.refusedFor(token);
  if (refusedFor > 0) return refusal(asked.language, { status: 429, retryAfter: refusedFor });
  const ticket = await findTicket();
  if (!ticket) return null;
  const slot = await asking.take(db, ticket.id, token);
  if (!slot.ok) return refusal(asked.language, { status: 429, retryAfter: slot.retryAfter });
  const png = await pictures.get(db, asked.clientIp, await drawingOf(db, ticket, secret, asked.language));
  if (!Buffer.isBuffer(png)) return refusal(asked.language, png);
  return { bytes: png, filename: `ticket-${ticket.ticket_id}.png`, type: "image/png" };
}

function refusal(language: Language, { status, retryAfter }: Omit<PictureRefused, "message">): PictureRefused {
  return { status, retryAfter, message: translator(language, "public")(status === 429 ? "ticket.saveTooMany" : "ticket.saveBusy") };
}

async function drawingOf(db: DbOrTx, ticket: TicketHolder, secret: string, language: Language): Promise<TicketDrawing> {
  const settings = localizedSettings(await getSettings(db), language);
  const t = translator(language, "public");
  return {
    facts: {
      eventName: settings.event_name,
      fullName: ticket.full_name,
      ticketId: ticket.ticket_id,
      // Written here, as on the ticket page: the date in the holder's language.
      date: formatEventDate(settings.event_date, language),
      time: formatEventHours(settings),
      venue: settings.venue,
      doorCode: signDoorCode(ticket.ticket_id, secret),
    },
    labels: {
      admission: t("ticket.admission"),
      name: t("ticket.name"),
      ticketId: t("register.success.ticketId"),
      date: t("facts.date"),
      time: t("facts.time"),
      venue: t("facts.venue"),
      showAtDoor: t("ticket.showAtDoor"),
    },
  };
}
