import { data } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { searchText } from "~/db/text";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import { messageKey } from "~/i18n/message-key";
import { logger } from "~/logger.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { readSeatCounter } from "~/modules/registration/public-status.server";
import { doorSeatsLeft } from "~/modules/settings/registration-status";
import { getSettings } from "~/modules/settings/settings.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { redirectWithToast } from "~/ui/toast.server";
import {
  CHECKIN_MESSAGES,
  checkInById,
  checkInByScan,
  checkInByTicketId,
  countCheckedIn,
  doorQuery,
  searchAtDoor,
  undoCheckIn,
} from "./checkin.server";
import { doorCounts, listDoorConflicts } from "./door-sync.server";
import { doorFormOrigin } from "./door-sync-schema";
import { agreesEarly, type DoorAnswer, earlyConsentCookie, earlyQuestion, eventDateLabels } from "./early-door";
import { doorListPage, giveAtDoor, undoAtDoor } from "./lists/door-lists.server";
import { countDoorSearch } from "./search-limit.server";
import { MIN_SEARCH_LENGTH, SEARCH_TOO_SHORT } from "./search-rules";
import { countWalkInShares } from "./walk-in-shares.server";

const UNDO_PARAM = "undo";

// Control characters are dropped (~/db/text): no person sends them, a scanner may end with a
// line break, and PostgreSQL refuses a NUL.
const field = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => searchText(s, ""));

const checkInFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("scan"), code: field(500) }),
  z.object({ intent: z.literal("ticket"), ticket_id: field(100) }),
  z.object({ intent: z.literal("attendee"), id: field(100) }),
  z.object({ intent: z.literal("undo"), id: field(100) }),
]);

export const SEARCH_MESSAGES = {
  tooShort: SEARCH_TOO_SHORT,
  tooMany: (retryAfterMs: number) => messageKey("door:search.tooMany", { count: Math.max(1, Math.ceil(retryAfterMs / 1000)) }),
} as const;

/**
 * The door page: counts, the search's matches (`?q=`, limited per account), the attendee
 * named by `?undo=` (the confirmation without JavaScript), and the check-in lists (`?list=`).
 */
export async function checkInPage(
  db: Db,
  actor: { id: string },
  url: URL,
  language: Language = DEFAULT_LANGUAGE,
  /** the door phone asking (its cookie): the seats it holds for walk-ins are its own to use */
  device: string | null = null,
) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const undoId = url.searchParams.get(UNDO_PARAM);
  const searching = doorQuery(q).length >= MIN_SEARCH_LENGTH;
  const allowance = searching ? await countDoorSearch(db, actor.id, new Date()) : { allowed: true as const };
  const [settings, checkedIn, found, doors, conflicts, seats, mine] = await Promise.all([
    getSettings(db),
    countCheckedIn(db),
    searching && allowance.allowed ? searchAtDoor(db, q) : Promise.resolve({ rows: [], total: 0 }),
    doorCounts(db),
    // The latest few tickets let in at two doors, for the door screen to warn about.
    listDoorConflicts(db, 5),
    // "Register a walk-in" says how many seats are left for them: one statement, the settings
    // row being read already above.
    readSeatCounter(db),
    device ? countWalkInShares(db, { adminId: actor.id, device }) : 0,
  ]);
  const searchError =
    q.trim() === ""
      ? null
      : !searching
        ? SEARCH_MESSAGES.tooShort
        : allowance.allowed
          ? null
          : SEARCH_MESSAGES.tooMany(allowance.retryAfterMs);
  // With a list chosen, the matches say whether the list gave them theirs, and Undo takes that back.
  const lists = await doorListPage(db, url, language, { matches: found.rows, undoId });
  const matches = lists.matches;
  const undo = lists.undo !== undefined ? lists.undo : undoId ? (matches.find((m) => m.id === undoId && m.checked_in_at) ?? null) : null;
  const page = {
    q,
    checkedIn,
    registered: settings.registered_count,
    // Seats door phones hold for offline walk-ins are not free for another phone's walk-ins; this phone's own are (walk-ins.server.ts).
    walkInSeatsLeft: Math.max(0, doorSeatsLeft({ ...settings, ...seats }) - seats.door_shares) + mine,
    lists: lists.lists,
    list: lists.list,
    listGone: lists.listGone,
    matches,
    /** matches beyond those shown: the volunteer types more of the name */
    more: found.total - matches.length,
    searchError,
    undo: undo ? { id: undo.id, full_name: undo.full_name } : null,
    doors,
    conflicts,
  };
  return allowance.allowed
    ? page
    : data(page, { status: 429, headers: { "Retry-After": String(Math.ceil(allowance.retryAfterMs / 1000)) } });
}

/**
 * A scan, a typed ticket ID, a search result's Check in, or Undo. The first three answer
 * with the outcome, shown large on the same page; Undo redirects back with a toast.
 */
export async function checkInAction(
  db: Db,
  actor: AuditActor,
  formData: FormData,
  context: { back: string; language: Language; cookies: string | null; list?: string },
) {
  const { back, language } = context;
  const parsed = checkInFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data("Unknown action", { status: 400 });
  const form = parsed.data;
  const origin = doorFormOrigin(formData);
  try {
    if (form.intent === "undo" && context.list) {
      const undone = await undoAtDoor(db, actor, context.list, form.id, language);
      return redirectWithToast(back, undone.ok ? "success" : "error", undone.message);
    }
    if (form.intent === "undo") {
      const undone = await undoCheckIn(db, actor, form.id);
      return undone
        ? redirectWithToast(back, "success", CHECKIN_MESSAGES.undone(undone.full_name))
        : redirectWithToast(back, "error", CHECKIN_MESSAGES.notCheckedIn);
    }
    const { event_date: eventDate } = await getSettings(db);
    const question = earlyQuestion(
      formData,
      eventDate,
      () => context.cookies,
      new Date(),
      () => eventDateLabels(eventDate),
    );
    if (question) return data({ outcome: question, at: Date.now() });
    const outcome: DoorAnswer = context.list
      ? await giveAtDoor(db, actor, context.list, form, { secret: ticketLinkKeys().secret, language, origin })
      : form.intent === "scan"
        ? await checkInByScan(db, actor, form.code, ticketLinkKeys().secret, language, origin)
        : form.intent === "ticket"
          ? await checkInByTicketId(db, actor, form.ticket_id, language, origin)
          : await checkInById(db, actor, form.id, origin);
    // A "yes" to the question is kept on this device for this event date: it asks once.
    const headers = agreesEarly(formData, eventDate) ? { "Set-Cookie": earlyConsentCookie(eventDate) } : undefined;
    return data({ outcome, at: Date.now() }, { headers });
  } catch (error) {
    logger().error({ err: error, intent: form.intent }, "check-in failed");
    const outcome: DoorAnswer = { status: "refused", message: "Check-in failed. Please try again." };
    return data({ outcome, at: Date.now() }, { status: 500 });
  }
}
