import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { countHit, windowStart } from "~/db/counters.server";
import type { Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { takeNetworkSlot } from "~/limits/network-limits.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import { getSettings } from "~/modules/settings/settings.server";
import { findTicketBySavedTicketToken } from "~/modules/tickets/saved-ticket-token.server";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { findTicketByToken, type TicketHolder } from "~/modules/tickets/tickets.server";
import type { PictureRefused } from "~/ui/private-page";
import { DrawingQueueFull, drawTicketPng, type TicketDrawing } from "./drawing-pool.server";

// "Save ticket" costs a quarter of a second of CPU to draw, so asking for it must cost the
// asker more than the server (docs/SECURITY.md, "Pictures drawn per person"):
// - each picture is kept by its content (everything drawn: name, ticket ID, language, event
//   facts, the door code), so asking again, or twelve times at once, draws it once; a changed
//   name or event date is other content and is drawn anew;
// - it is drawn in the pool's threads (drawing-pool.server.ts), below the requests' priority;
// - requests waiting for a drawing hold a quarter of the public lane's running requests at most
//   (MAX_ACTIVE_REQUESTS, server/load-shedding.ts): a request waiting for a picture holds its
//   place in the lane, so twelve of them would fill it and the lane would turn people away
//   from /register with 503. Past that quarter a picture not yet drawn is "busy, try again in
//   a few seconds" (503) at once, and pages keep three quarters of the lane;
// - a ticket's picture may be asked for PER_TICKET times in 10 minutes (both links to it count
//   together), far above a person saving it a few times, in either language;
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

type SavedPicture = { png: Uint8Array; filename: string };

class NetworkRefusal extends Error {
  constructor(readonly retryAfter: number) {
    super("too many ticket pictures drawn for this network");
  }
}

type Asker = { db: DbOrTx; clientIp: string; drawing: TicketDrawing };

/** Requests of this process now waiting for a picture to be drawn (a cached one is not waited for). */
let waiting = 0;
/** What `waiting` may reach: a quarter of the public lane, at least one. */
const mostWaiting = () => Math.max(1, Math.floor(getConfig().maxActiveRequests / 4));

// One in-flight drawing per content: lru-cache's fetch hands the same promise to every request
// for the same picture while it is drawn, and the network's count is taken only for a drawing.
const pictures = new LRUCache<string, Buffer, Asker>({
  maxSize: CACHE_BYTES,
  sizeCalculation: (png) => png.length,
  fetchMethod: async (_key, _stale, { context }) => {
    const slot = await takeNetworkSlot(context.db, context.clientIp, {
      name: "ticket-drawings",
      windowMs: WINDOW_MS,
      ceiling: DRAWINGS_PER_NETWORK,
    });
    if (!slot.ok) throw new NetworkRefusal(slot.retryAfter);
    return drawTicketPng(context.drawing.facts, context.drawing.labels);
  },
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

// A link refused for asking too often is refused again without reading or writing the database
// until its window ends: a refusal must cost the server less than the request it refuses, or
// the flood's 429s keep the event loop (and with the embedded database, the database) busy.
// Only a token that was read and counted is ever put here, so a made-up one never is.
const refusedLinks = new LRUCache<string, true>({ max: 10_000, ttl: WINDOW_MS });

async function pictureFor(
  token: string,
  asked: PictureRequest,
  findTicket: () => Promise<TicketHolder | null>,
  db: DbOrTx,
  secret: string,
): Promise<SavedPicture | PictureRefused | null> {
  const refusedFor = refusedLinks.getRemainingTTL(token);
  if (refusedFor > 0) return tooMany(asked.language, Math.ceil(refusedFor / 1000));
  const ticket = await findTicket();
  if (!ticket) return null;
  return pictureOf(db, ticket, secret, asked, token);
}

const tooMany = (language: Language, retryAfter: number): PictureRefused => ({
  status: 429,
  retryAfter,
  message: translator(language, "public")("ticket.saveTooMany"),
});

async function pictureOf(
  db: DbOrTx,
  ticket: TicketHolder,
  secret: string,
  asked: PictureRequest,
  token: string,
): Promise<SavedPicture | PictureRefused> {
  const t = translator(asked.language, "public");
  const now = new Date();
  // Counted by the registration's id (both links name it), which the counter's key holds instead of the ticket ID.
  if ((await countHit(db, `ticket-picture:${ticket.id}`, WINDOW_MS, now)) > PER_TICKET) {
    const retryAfter = secondsLeft(now);
    refusedLinks.set(token, true, { ttl: retryAfter * 1000 });
    return tooMany(asked.language, retryAfter);
  }
  const drawing = await drawingOf(db, ticket, secret, asked.language);
  const filename = `ticket-${ticket.ticket_id}.png`;
  const key = contentKey(drawing);
  const drawn = pictures.get(key);
  if (drawn) return { png: drawn, filename };
  const busy = { status: 503, retryAfter: BUSY_RETRY_SECONDS, message: t("ticket.saveBusy") } as const;
  if (waiting >= mostWaiting()) return busy;
  waiting++;
  try {
    const png = await pictures.fetch(key, { context: { db, clientIp: asked.clientIp, drawing } });
    if (!png) throw new Error("the saved ticket was not drawn");
    return { png, filename };
  } catch (error) {
    if (error instanceof NetworkRefusal) return tooMany(asked.language, error.retryAfter);
    if (error instanceof DrawingQueueFull) return busy;
    throw error;
  } finally {
    waiting--;
  }
}

/** A drawing takes about a quarter of a second: a few seconds later the picture is likely kept. */
const BUSY_RETRY_SECONDS = 5;

function secondsLeft(now: Date): number {
  return Math.max(1, Math.ceil((windowStart(now, WINDOW_MS).getTime() + WINDOW_MS - now.getTime()) / 1000));
}

/** Everything the picture shows, and so its identity in the cache. */
function contentKey(drawing: TicketDrawing): string {
  return createHash("sha256")
    .update(JSON.stringify([drawing.facts, drawing.labels]))
    .digest("base64url");
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
      time: settings.event_time,
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
