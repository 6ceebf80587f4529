import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import type { MailAttachment } from "~/db/schema";
import { fillMarks, hasMarkCharacters, sizedMark, wholeMark } from "~/modules/mail/mail-merge";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { formatEventDate } from "~/modules/settings/event-time";
import type { EventSettings } from "~/modules/settings/settings.server";
import { CALENDAR_FILENAME, ticketCalendar } from "./calendar.server";
import { qrPng } from "./qr.server";

export type TicketEmailSettings = Pick<
  EventSettings,
  "event_name" | "event_date" | "event_time" | "venue" | "contact_email" | "contact_phone"
>;
export type TicketEmailAttendee = { id: string; full_name: string; email: string; ticket_id: string };

const QR_CID = "ticket-qr";
const QR_DISPLAY_SIZE = 240;

const BRAND = "#166534";
const font = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const s = {
  body: { backgroundColor: "#f3f4f6", fontFamily: font, margin: 0, padding: "24px 0" },
  container: { backgroundColor: "#ffffff", borderRadius: "12px", maxWidth: "560px", overflow: "hidden" },
  header: { backgroundColor: BRAND, padding: "28px 32px", textAlign: "center" as const },
  eyebrow: { color: "#d1fadf", fontSize: "13px", letterSpacing: "0.08em", margin: 0, textTransform: "uppercase" as const },
  title: { color: "#ffffff", fontSize: "26px", lineHeight: "32px", margin: "6px 0 0" },
  content: { padding: "28px 32px 8px" },
  text: { color: "#1f2937", fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  ticketBox: {
    backgroundColor: "#ecfdf3",
    border: `1px solid ${BRAND}`,
    borderRadius: "8px",
    padding: "16px",
    textAlign: "center" as const,
  },
  label: { color: "#4b5563", fontSize: "12px", letterSpacing: "0.08em", margin: 0, textTransform: "uppercase" as const },
  ticketId: {
    color: BRAND,
    fontFamily: '"SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
    fontSize: "24px",
    fontWeight: 700,
    letterSpacing: "0.04em",
    margin: "4px 0 0",
  },
  detailLabel: { color: "#4b5563", fontSize: "14px", margin: "0 0 8px", paddingRight: "12px", verticalAlign: "top", width: "72px" },
  detailValue: { color: "#111827", fontSize: "15px", fontWeight: 600, margin: "0 0 8px" },
  qr: { display: "block", margin: "8px auto 4px" },
  caption: { color: "#4b5563", fontSize: "14px", margin: "0 0 20px", textAlign: "center" as const },
  button: { backgroundColor: BRAND, borderRadius: "8px", color: "#ffffff", fontSize: "16px", fontWeight: 600, padding: "12px 24px" },
  small: { color: "#4b5563", fontSize: "14px", lineHeight: "21px", margin: "0 0 12px" },
  footer: { color: "#6b7280", fontSize: "12px", lineHeight: "18px", margin: 0, padding: "0 32px 24px", textAlign: "center" as const },
};

/** The first ticket, or the reminder before the event (`daysLeft`: 1 is tomorrow), which carries the same ticket. */
export type TicketEmailVariant = { kind: "ticket" } | { kind: "reminder"; daysLeft: number };

type TemplateProps = {
  attendee: TicketEmailAttendee;
  settings: TicketEmailSettings;
  ticketUrl: string;
  dateLabel: string;
  variant: TicketEmailVariant;
};

function whenLabel(daysLeft: number, dateLabel: string): string {
  if (daysLeft === 1) return `tomorrow, ${dateLabel}`;
  if (daysLeft === 0) return `today, ${dateLabel}`;
  return `on ${dateLabel}`;
}

// Every value below is a text child or attribute, so React escapes it: names and
// settings typed by people cannot inject markup. Mixed text is one template string
// so the HTML has no <!-- --> separators between the pieces.
export function TicketEmail({ attendee, settings, ticketUrl, dateLabel, variant }: TemplateProps) {
  const reminder = variant.kind === "reminder";
  const when = reminder ? whenLabel(variant.daysLeft, dateLabel) : "";
  return (
    <Html lang="en">
      <Head />
      <Preview>
        {reminder
          ? `${settings.event_name} is ${when}. Bring your ticket ${attendee.ticket_id}.`
          : `Your ticket ${attendee.ticket_id} for ${settings.event_name}, ${dateLabel}`}
      </Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Section style={s.header}>
            <Text style={s.eyebrow}>{reminder ? "Reminder" : "Admission ticket"}</Text>
            <Heading as="h1" style={s.title}>
              {settings.event_name}
            </Heading>
          </Section>
          <Section style={s.content}>
            <Text style={s.text}>{`Hello ${attendee.full_name},`}</Text>
            <Text style={s.text}>
              {reminder
                ? `${settings.event_name} is ${when}, from ${settings.event_time} at ${settings.venue}. We look forward to seeing you. This e-mail carries your ticket again.`
                : `Thank you for registering. Your place at ${settings.event_name} is confirmed, and this e-mail is your ticket.`}
            </Text>
            <Section style={s.ticketBox}>
              <Text style={s.label}>Ticket ID</Text>
              <Text style={s.ticketId}>{attendee.ticket_id}</Text>
            </Section>
            <Section style={{ margin: "24px 0 8px" }}>
              <Detail label="Date" value={dateLabel} />
              <Detail label="Time" value={settings.event_time} />
              <Detail label="Venue" value={settings.venue} />
            </Section>
            <Img
              src={`cid:${QR_CID}`}
              width={QR_DISPLAY_SIZE}
              height={QR_DISPLAY_SIZE}
              alt={`QR code for ticket ${attendee.ticket_id}`}
              style={s.qr}
            />
            <Text style={s.caption}>Show this QR code (or your ticket ID) at the entrance.</Text>
            <Section style={{ margin: "0 0 24px", textAlign: "center" }}>
              <Button href={ticketUrl} style={s.button}>
                View your ticket
              </Button>
            </Section>
            <Text style={s.small}>
              Please keep this e-mail or save your ticket: you will need it for entry. A calendar invitation is attached so you can add the
              summit to your calendar.
            </Text>
            <Text style={s.small}>
              {"Can't attend? "}
              <Link href={`${ticketUrl}/cancel`} style={{ color: BRAND }}>
                Cancel your registration
              </Link>
              {" so your seat goes to someone else."}
            </Text>
            <Text style={s.small}>
              Can't find our e-mails later? Check your spam or junk folder, and mark this message as "not spam" so our updates reach you.
            </Text>
          </Section>
          <Hr style={{ borderColor: "#e5e7eb", margin: "8px 32px 16px" }} />
          <Text style={s.footer}>{`Questions? Write to ${settings.contact_email} or call ${settings.contact_phone}.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Row>
      <Column style={s.detailLabel}>{label}</Column>
      <Column>
        <Text style={s.detailValue}>{value}</Text>
      </Column>
    </Row>
  );
}

// Layouts rendered with marks for the attendee's values (see mail-merge), by what else
// shapes them: the settings, the variant, the ticket ID's length. A few stay: one per
// event date and variant is the usual case.
type MailBody = { html: string; text: string };
const layouts = new Map<string, Promise<MailBody>>();
const MAX_LAYOUTS = 8;
const FIELDS = { name: 0, ticketId: 1, ticketUrl: 2 } as const;

// The text version comes from the HTML (what render's plainText option does after rendering
// the element a second time). Headings keep their case (html-to-text would upper-case them);
// lines are not wrapped, so a value put in later cannot leave a line too long or too short.
async function renderBody(element: React.ReactElement): Promise<MailBody> {
  const html = await render(element);
  return { html, text: toPlainText(html, { wordwrap: false, selectors: [{ selector: "h1", options: { uppercase: false } }] }) };
}

async function renderTicketBody(props: TemplateProps): Promise<MailBody> {
  const { attendee, settings, ticketUrl, dateLabel, variant } = props;
  const shaping = [
    settings.event_name,
    settings.event_date,
    settings.event_time,
    settings.venue,
    settings.contact_email,
    settings.contact_phone,
  ];
  // Settings that happen to hold mark characters are rendered as they are, without a layout.
  if (shaping.some(hasMarkCharacters)) return renderBody(<TicketEmail {...props} />);
  const key = JSON.stringify([...shaping, variant, attendee.ticket_id.length]);
  let layout = layouts.get(key);
  if (!layout) {
    if (layouts.size >= MAX_LAYOUTS) layouts.clear();
    const marked: TicketEmailAttendee = {
      id: "",
      email: "",
      full_name: wholeMark(FIELDS.name),
      ticket_id: sizedMark(FIELDS.ticketId, attendee.ticket_id.length),
    };
    layout = renderBody(
      <TicketEmail attendee={marked} settings={settings} ticketUrl={wholeMark(FIELDS.ticketUrl)} dateLabel={dateLabel} variant={variant} />,
    );
    layouts.set(key, layout);
    layout.catch(() => layouts.delete(key));
  }
  const { html, text } = await layout;
  const values = [attendee.full_name, attendee.ticket_id, ticketUrl];
  return { html: fillMarks(html, values), text: fillMarks(text, values, { html: false }) };
}

/** Subject, HTML, plain text and attachments (inline QR code, calendar invite) of a ticket e-mail. */
export async function buildTicketEmail({
  attendee,
  settings,
  ticketUrl,
  doorCode,
  variant = { kind: "ticket" },
}: {
  attendee: TicketEmailAttendee;
  settings: TicketEmailSettings;
  ticketUrl: string;
  /** what the QR code carries: admits at the door, opens nothing else */
  doorCode: string;
  variant?: TicketEmailVariant;
}): Promise<Pick<OutgoingMail, "to" | "subject" | "html" | "text" | "attachments">> {
  const dateLabel = formatEventDate(settings.event_date);
  const [{ html, text }, png] = await Promise.all([
    renderTicketBody({ attendee, settings, ticketUrl, dateLabel, variant }),
    // Twice the displayed size, so the code stays sharp on high-density screens.
    qrPng(doorCode, { size: QR_DISPLAY_SIZE * 2 }),
  ]);
  const ics = ticketCalendar({ settings, ticketId: attendee.ticket_id, fullName: attendee.full_name, ticketUrl });
  const attachments: MailAttachment[] = [
    { cid: QR_CID, filename: "ticket-qr.png", contentType: "image/png", content: png.toString("base64") },
    {
      filename: CALENDAR_FILENAME,
      contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      content: Buffer.from(ics, "utf8").toString("base64"),
    },
  ];
  const subject =
    variant.kind === "reminder"
      ? reminderSubject(settings.event_name, dateLabel, variant.daysLeft)
      : ticketSubject(settings.event_name, attendee.ticket_id);
  return { to: attendee.email, subject, html, text, attachments };
}

/** 'Tomorrow: …' the day before (as the product says), else the date. */
export function reminderSubject(eventName: string, dateLabel: string, daysLeft: number): string {
  const subject =
    daysLeft === 1 ? `Tomorrow: ${eventName} — your ticket inside` : `Reminder: ${eventName}, ${dateLabel} — your ticket inside`;
  return subject.replace(/\s+/g, " ").trim();
}

export function ticketSubject(eventName: string, ticketId: string): string {
  // Header text on one line whatever the settings hold.
  return `Your ticket for ${eventName} — ${ticketId}`.replace(/\s+/g, " ").trim();
}
