import { isUuid } from "~/db/uuid";
import type { WalkInAnswer } from "../walk-in-actions.server";
import { checkWalkIn, walkInFields } from "../walk-in-schema";
import { doorDevice, doorName } from "./door-identity";
import { learnWalkIn, queueWalkIn, walkInShares } from "./door-runtime";
import { fromServer } from "./server-wait";

// The walk-in page's client loader and action: the server first, the phone when the server
// cannot be reached. Offline, a walk-in is checked by the form's own schema, takes one of the
// seats the server granted this phone (offline-walk-ins.ts), and is registered on the phone: let
// in at once, their ticket ID and QR code shown, and sent to the server when the network is back.

type Values = Record<string, string>;
/** The walk-in page's answer: the server's, or the phone's (`offline`), which has two more ("no seats on this phone", "no list"). */
export type DoorWalkInAnswer =
  | (WalkInAnswer & { offline?: true })
  | { kind: "no-seats-offline" | "not-ready"; values: Values; offline: true };

type WalkInPage = {
  seats: { left: number; kept: number };
  sms: { offered: boolean; ticked: boolean };
  /** WhatsApp is configured: the form offers "Send the ticket on WhatsApp too" */
  whatsapp: boolean;
  offline?: true;
};
let lastPage: WalkInPage | undefined;

/** What the server rendered first: the SMS and WhatsApp offers the page shows offline too. */
export function rememberWalkInPage(page: WalkInPage) {
  if (!page.offline) lastPage ??= page;
}

export async function walkInClientLoader<P extends WalkInPage>(serverLoader: () => Promise<P>): Promise<P | WalkInPage> {
  const server = await fromServer(serverLoader);
  if (server) {
    lastPage = server.answer;
    return server.answer;
  }
  // The seats left are this phone's: the others' are the server's to count.
  return {
    seats: { left: walkInShares()?.length ?? 0, kept: 0 },
    sms: lastPage?.sms ?? { offered: false, ticked: false },
    whatsapp: lastPage?.whatsapp ?? false,
    offline: true,
  };
}

export async function walkInClientAction<R>(request: Request, serverAction: () => Promise<R>): Promise<R | DoorWalkInAnswer> {
  const form = await request.clone().formData();
  const server = await fromServer(serverAction);
  if (!server) return registerWalkInOffline(form);
  // Registered on one of this phone's seats (the server uses them first): no longer the phone's to use offline.
  const admitted = server.answer as WalkInAnswer | undefined;
  if (admitted?.kind === "admitted") learnWalkIn(admitted.attendee.ticket_id);
  return server.answer;
}

/** The form ids this page queued walk-ins under: one queued again would replace that walk-in. */
const queuedHere = new Set<string>();

/** A walk-in registered on the phone: checked as the server checks it, on one of the phone's seats. */
export async function registerWalkInOffline(form: FormData, now = new Date()): Promise<DoorWalkInAnswer> {
  const values = walkInFields(form);
  const shares = walkInShares();
  if (shares === null) return { kind: "not-ready", values, offline: true };
  const verdict = checkWalkIn(values);
  if ("error" in verdict) return { kind: "invalid", values, errors: verdict.error, offline: true };
  const share = shares[0];
  if (!share) return { kind: "no-seats-offline", values, offline: true };
  const given = String(form.get("client_id") ?? "").toLowerCase();
  const id = isUuid(given) && !queuedHere.has(given) ? given : crypto.randomUUID();
  queuedHere.add(id);
  await queueWalkIn({
    id,
    share: share.ticketId,
    at: now.toISOString(),
    fields: values,
    language: document.documentElement.lang,
    door: doorName(),
    device: doorDevice(),
  });
  return {
    kind: "admitted",
    attendee: { id: share.ticketId, full_name: verdict.value.fullName, ticket_id: share.ticketId },
    sentBy: [],
    qr: share.qr,
    offline: true,
  };
}
