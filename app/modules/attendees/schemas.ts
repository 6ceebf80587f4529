import { z } from "zod";
import { LINE_TEXT, searchText } from "~/db/text";
import { UUID_PATTERN } from "~/db/uuid";
import { GENDERS } from "~/modules/person/gender";
import { isValidState } from "~/modules/person/nigeria";

// The attendee list's filter lives in the URL (reloadable, shareable), so anyone can
// type anything there. A value we cannot use falls back to "no filter" instead of an
// error page: the list still shows, just unfiltered on that field.

export const ATTENDEE_SEARCH_MAX = 100;
export const ATTENDEE_PAGE_SIZE = 25;
/** Who came: "in" checked in at the door, "out" not (yet); empty for everyone. */
const CHECK_IN_FILTERS = ["in", "out"] as const;
/**
 * How they reach us: registered on the web form, by USSD, at the door (walk-ins), by chatting with
 * the summit's WhatsApp number, or anyone who gets SMS.
 */
export const CHANNEL_FILTERS = ["web", "ussd", "door", "whatsapp", "sms"] as const;
export const CHANNEL_LABELS: Record<(typeof CHANNEL_FILTERS)[number], string> = {
  web: "Web form",
  ussd: "USSD",
  door: "Registered at the door",
  whatsapp: "Registered on WhatsApp",
  sms: "Gets SMS",
};

const attendeeQuerySchema = z.object({
  q: z
    .string()
    .catch("")
    // As the text rule searches (~/db/text): control characters read as spaces (nobody types
    // them, and PostgreSQL refuses a NUL), NFC like the stored names; trimmed again after the
    // cut, so the query reads the same from the links it makes.
    .transform((s) => searchText(s).trim().slice(0, ATTENDEE_SEARCH_MAX).trim()),
  gender: z.enum([...GENDERS, ""]).catch(""),
  state: z
    .string()
    .refine((s) => s === "" || isValidState(s))
    .catch(""),
  checkin: z.enum([...CHECK_IN_FILTERS, ""]).catch(""),
  channel: z.enum([...CHANNEL_FILTERS, ""]).catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type AttendeeQuery = z.output<typeof attendeeQuerySchema>;

/** An attendee's id as the uuid column accepts it; anything else would be a database error (22P02), not "not found". */

/** Resend Ticket and Delete each post the attendee's id, nothing else. */
export const attendeeIdFormSchema = z.object({
  id: z
    .string()
    .check(...LINE_TEXT)
    .regex(UUID_PATTERN),
});
export type AttendeeFilter = Omit<AttendeeQuery, "page">;

export function parseAttendeeQuery(params: URLSearchParams): AttendeeQuery {
  return attendeeQuerySchema.parse({
    q: params.get("q") ?? "",
    gender: params.get("gender") ?? "",
    state: params.get("state") ?? "",
    checkin: params.get("checkin") ?? "",
    channel: params.get("channel") ?? "",
    page: params.get("page") ?? 1,
  });
}

/** The query string of a list view (empty values and page 1 left out, so URLs stay short). */
export function attendeeQueryString(query: Partial<AttendeeQuery>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.gender) params.set("gender", query.gender);
  if (query.state) params.set("state", query.state);
  if (query.checkin) params.set("checkin", query.checkin);
  if (query.channel) params.set("channel", query.channel);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function isFiltered(filter: Partial<AttendeeFilter>): boolean {
  return Boolean(filter.q || filter.gender || filter.state || filter.checkin || filter.channel);
}
