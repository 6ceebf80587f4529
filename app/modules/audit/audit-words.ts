import { isUuid } from "~/db/uuid";
import { displayDateTime } from "~/ui/date-time";
import { describeChange, type FieldChange } from "./changes";

// The Activity log in plain words: what each recorded action was, whom or what it was about,
// and its details as people read them (Lagos times, lists and pairs written out, no JSON).
// audit-words.test.ts checks that every action the code records has its words here.

const ACTION_LABELS: Record<string, string> = {
  "attendee.delete": "Deleted a registration",
  "attendee.resend-ticket": "Resent a ticket",
  "attendee.export": "Exported the attendee list",
  "attendee.badges": "Generated the name badges",
  "demo.seed": "Loaded the demo content",
  "reminders.send": "Sent reminders",
  "attendee.cancel": "Cancelled a registration",
  "attendee.data-export": "Downloaded a person's data",
  "attendee.erase": "Erased a person's data",
  "reminders.auto": "Sent the automatic reminder",
  "checkin.create": "Checked an attendee in",
  "checkin.undo": "Undid a check-in",
  "checkin.conflict": "Recorded a ticket let in at two doors",
  "check-in-list.give": "Gave from a check-in list",
  "check-in-list.undo": "Undid a give from a check-in list",
  "check-in-list.conflict": "Recorded a second give from a check-in list by an offline door",
  "check-in-list.create": "Added a check-in list",
  "check-in-list.update": "Changed a check-in list",
  "check-in-list.archive": "Put a check-in list away",
  "check-in-list.restore": "Brought a check-in list back",
  "check-in-list.delete": "Deleted a check-in list",
  "walk-in.create": "Registered a walk-in at the door and let them in",
  "walk-in.conflict": "Recorded a walk-in an offline door registered: registered already, or past the capacity",
  "walk-in.release-seats": "Released the walk-in seats a door phone held",
  "settings.update": "Changed the event settings",
  "personal-data.postpone": "Postponed the deletion of personal data",
  "attendee.update": "Corrected a person's details",
  "attendee.self-update": "A person corrected their own details",
  "attendee.lock": "Locked a person's details",
  "attendee.unlock": "Unlocked a person's details",
  "personal-data.purge": "Deleted personal data after the event",
  "held.confirm": "Confirmed a held registration",
  "held.confirm-waitlist": "Confirmed a held registration onto the waitlist",
  "held.delete": "Deleted held registrations",
  "invitations.send": "Invited past attendees to this edition",
  "invitation.withdraw": "Someone stopped the news of future editions",
  "certificates.send": "Sent certificates of attendance",
  "certificates.auto": "Sent the certificates automatically, the morning after",
  "feedback.export": "Exported the feedback answers",
  "outreach.create": "Created an outreach source",
  "outreach.archive": "Archived an outreach source",
  "outreach.restore": "Restored an outreach source",
  "outreach.delete": "Deleted an outreach source",
  "admin.two-factor.enable": "Turned on two-factor sign-in",
  "admin.two-factor.disable": "Turned off two-factor sign-in",
  "admin.two-factor.recovery-codes": "Made new recovery codes",
  "admin.two-factor.reset": "Reset an account's two-factor sign-in",
  "edition.start": "Started the next edition",
  "sms.price": "Set the price per SMS",
  "sms.resume": "Resumed sending SMS",
  "sms.test": "Sent a test SMS",
  "whatsapp.price": "Set the price per WhatsApp message",
  "whatsapp.resume": "Resumed sending WhatsApp messages",
  "whatsapp.consent": "Someone asked for their ticket and reminders on WhatsApp, on their ticket page",
  "whatsapp.stop": "Someone stopped WhatsApp messages to their number, on their ticket page",
  "waitlist.offer": "Offered a free seat to someone on the waitlist",
  "waitlist.claim": "Someone on the waitlist claimed their seat",
  "waitlist.decline": "Someone on the waitlist declined their seat",
  "waitlist.expire": "A waitlist offer ran out",
  "waitlist.remove": "Removed someone from the waitlist",
};

/** The action in plain words; its code when it has none (an action added without its words). */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** Whether these words exist (audit-words.test.ts). */
export function hasActionLabel(action: string): boolean {
  return action in ACTION_LABELS;
}

const ENTITY_WORDS: Record<string, string> = {
  admin: "Account",
  attendee: "Registration",
  attendees: "The attendee list",
  content: "The site's content",
  door_device: "Door phone",
  edition: "Edition",
  editions: "Editions",
  event_settings: "Event settings",
  feedback: "Feedback",
  outreach_source: "Outreach source",
  sms: "SMS",
  waitlist: "Waitlist entry",
  whatsapp: "WhatsApp",
};

/**
 * Whom or what an entry is about: a person by name and ticket (`people`, read now), a registration
 * since deleted said so, another record by its kind (and its number, when it has one people use);
 * never a bare random id.
 */
export function subjectOf(entity: string, id: string | null, people: ReadonlyMap<string, string>): string | null {
  if (entity === "attendee" && id) return people.get(id) ?? "A registration no longer on the list";
  const kind = ENTITY_WORDS[entity] ?? wordsOf(entity);
  if (!id || isUuid(id)) return kind;
  return `${kind} ${id}`;
}

// The words for what the from → to entries (settings, a person's details) keep beside their
// changes; any other key is written as words ("checkedInAt" → "Checked in at").
const DETAIL_WORDS: Record<string, (value: unknown) => string | null> = {
  ticketId: (value) => `Ticket ${String(value)}`,
  locked: (value) => (value ? "Details locked against the person's own changes" : "Details unlocked"),
  confirmed: (value) => `Asked first and confirmed: "${String(value)}"`,
  // The save-settings marker that lets a date moved into the past by mistake be put right again.
  overWhenSet: (value) => (value ? "This change ended the edition" : null),
};

/** "checkedInAt" and "checked_in_at" → "Checked in at". */
function wordsOf(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A detail's value as people read it: a time in Lagos, a list written out, pairs as "key: value". */
function valueWords(value: unknown): string {
  if (typeof value === "string") return ISO_TIME.test(value) ? displayDateTime(value) : value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map(valueWords).join(", ");
  if (value && typeof value === "object") {
    return Object.entries(value)
      .filter(([, v]) => v !== "" && v !== null && v !== undefined)
      .map(([k, v]) => `${wordsOf(k).toLowerCase()} ${valueWords(v)}`)
      .join(", ");
  }
  return String(value);
}

/**
 * The details in plain words, short enough for a table cell: what an edit changed, from what to
 * what ("Event date: "…" → "…""), then any other details as "Key: value".
 */
export function summarise(details: Record<string, unknown>): string {
  const { changes, ...rest } = details;
  const described = Array.isArray(changes) ? (changes as FieldChange[]).map(describeChange) : [];
  const pairs = Object.entries(rest)
    .filter(([, value]) => value !== "" && value !== null && value !== undefined)
    .map(([key, value]) => {
      const words = DETAIL_WORDS[key];
      if (words) return words(value);
      return `${wordsOf(key)}: ${valueWords(value)}`;
    })
    .filter((pair): pair is string => pair !== null);
  return [...described, ...pairs].join("; ").slice(0, described.length > 0 ? 2000 : 300);
}
