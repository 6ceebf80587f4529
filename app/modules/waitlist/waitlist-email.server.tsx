import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { waitlist } from "~/db/schema";
import { renderNoticeEmail } from "~/modules/mail/notice-email";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { displayDateTime } from "~/ui/date-time";
import { offerSubject, positionOf, WAITLIST_TEMPLATES } from "./waitlist.server";
import { signWaitlistToken, waitlistPageUrl } from "./waitlist-token.server";

// The waitlist's two e-mails, rendered by the outbox worker from the entry as it is when
// sent: "you're on the waitlist" (with the place in line) and "a seat is free for you"
// (with the deadline). Both link to the person's waitlist page.

type Keys = { publicUrl: string; secret: string };

export async function renderWaitlistMail(
  db: DbOrTx,
  template: string | null,
  data: Record<string, unknown> | null,
  keys: Keys,
): Promise<Pick<OutgoingMail, "subject" | "html" | "text">> {
  const id = typeof data?.waitlistId === "string" ? data.waitlistId : "";
  const [entry] = id ? await db.select().from(waitlist).where(eq(waitlist.id, id)) : [];
  if (!entry) throw new Error("the waitlist entry of this e-mail is gone");
  const settings = await getSettings(db);
  const link = waitlistPageUrl(keys.publicUrl, signWaitlistToken(entry.id, keys.secret));
  const event = `${settings.event_name} on ${formatEventDate(settings.event_date)}`;
  const footnote = `Questions? Write to ${settings.contact_email}.`;

  if (template === WAITLIST_TEMPLATES.offer) {
    const deadline = entry.offer_expires_at ? `${displayDateTime(entry.offer_expires_at)} (West Africa Time)` : "soon";
    const mail = await renderNoticeEmail({
      preview: `Claim your seat by ${deadline}.`,
      heading: "A seat is free for you",
      paragraphs: [
        `Hello ${entry.full_name},`,
        `A seat has freed up at ${event}, and it is yours if you claim it by ${deadline}.`,
        "Claiming takes one tap: your ticket arrives by e-mail straight away. Can't come? Decline on the same page, and the seat goes to the next person in line.",
      ],
      button: { href: link, label: "Claim my seat" },
      footnote: `After the deadline the seat passes to the next person in line. ${footnote}`,
    });
    return { subject: offerSubject(settings.event_name), ...mail };
  }

  const position = entry.status === "waiting" ? await positionOf(db, entry.seq) : null;
  const mail = await renderNoticeEmail({
    preview: position ? `You are number ${position} in line.` : "You are on the waitlist.",
    heading: "You're on the waitlist",
    paragraphs: [
      `Hello ${entry.full_name},`,
      `${event} is fully booked, so you are on the waitlist${position ? `, number ${position} in line` : ""}.`,
      `When a seat frees up we offer it to the next person in line by e-mail, with ${settings.waitlist_offer_hours} hours to claim it. Your page shows your place at any time, and lets you leave the waitlist.`,
    ],
    button: { href: link, label: "See my place in line" },
    footnote,
  });
  return { subject: `You're on the waitlist for ${settings.event_name}`.replace(/\s+/g, " ").trim(), ...mail };
}
