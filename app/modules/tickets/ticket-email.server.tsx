import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import type { TFunction } from "i18next";
import type { MailAttachment } from "~/db/schema";
import { DEFAULT_LANGUAGE, type Language, languageOr, withLanguage } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { fillMarks, hasMarkCharacters, sizedMark, wholeMark } from "~/modules/mail/mail-merge";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { formatEventHours } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import type { EventSettings } from "~/modules/settings/settings.server";
import { BRAND } from "~/ui/brand";
import { CALENDAR_FILENAME, googleCalendarUrl, ticketCalendar } from "./calendar.server";
import { qrPng } from "./qr.server";

export type TicketEmailSettings = Pick<
  EventSettings,
  "event_name" | "event_date" | "event_starts_at" | "event_ends_at" | "venue" | "contact_email" | "contact_phone"
>;
export type TicketEmailAttendee = { id: string; full_name: string; email: string; ticket_id: string; language?: string };

const QR_CID = "ticket-qr";
const QR_DISPLAY_SIZE = 240;

const BRAND_GREEN = BRAND[700];
const font = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const s = {
  body: { backgroundColor: "#f3f4f6", fontFamily: font, margin: 0, padding: "24px 0" },
  container: { backgroundColor: "#ffffff", borderRadius: "12px", maxWidth: "560px", overflow: "hidden" },
  header: { backgroundColor: BRAND_GREEN, padding: "28px 32px", textAlign: "center" as const },
  eyebrow: { color: BRAND[100], fontSize: "13px", letterSpacing: "0.08em", margin: 0, textTransform: "uppercase" as const },
  title: { color: "#ffffff", fontSize: "26px", lineHeight: "32px", margin: "6px 0 0" },
  content: { padding: "28px 32px 8px" },
  text: { color: "#1f2937", fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  ticketBox: {
    backgroundColor: BRAND[50],
    border: `1px solid ${BRAND_GREEN}`,
    borderRadius: "8px",
    padding: "16px",
    textAlign: "center" as const,
  },
  label: { color: "#4b5563", fontSize: "12px", letterSpacing: "0.08em", margin: 0, textTransform: "uppercase" as const },
  ticketId: {
    color: BRAND_GREEN,
    fontFamily: '"SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
    // On one line at 360 px (19 characters of 12.8 px in a 262 px box): a ticket ID cut at a hyphen is misread at the door.
    fontSize: "20px",
    fontWeight: 700,
    letterSpacing: "0.04em",
    margin: "4px 0 0",
    whiteSpace: "nowrap" as const,
  },
  detailLabel: { color: "#4b5563", fontSize: "14px", margin: "0 0 8px", paddingRight: "12px", verticalAlign: "top", width: "72px" },
  detailValue: { color: "#111827", fontSize: "15px", fontWeight: 600, margin: "0 0 8px" },
  qr: { display: "block", margin: "8px auto 4px" },
  caption: { color: "#4b5563", fontSize: "14px", margin: "0 0 20px", textAlign: "center" as const },
  button: { backgroundColor: BRAND_GREEN, borderRadius: "8px", color: "#ffffff", fontSize: "16px", fontWeight: 600, padding: "12px 24px" },
  small: { color: "#4b5563", fontSize: "14px", lineHeight: "21px", margin: "0 0 12px" },
  footer: { color: "#6b7280", fontSize: "12px", lineHeight: "18px", margin: 0, padding: "0 32px 24px", textAlign: "center" as const },
};

/** The first ticket, or the reminder before the event (`daysLeft`: 1 is tomorrow), which carries the same ticket. */
export type TicketEmailVariant = { kind: "ticket" } | { kind: "reminder"; daysLeft: number };

type TemplateProps = {
  attendee: TicketEmailAttendee;
  settings: TicketEmailSettings;
  /** the ticket page, opening in the attendee's language (`?lang=`) */
  ticketUrl: string;
  /** the ticket's cancel page, likewise */
  cancelUrl: string;
  /** "Add to Google Calendar": the site's address and the ticket ID, never the ticket's link (calendar.server.ts) */
  calendarUrl: string;
  dateLabel: string;
  variant: TicketEmailVariant;
  /** the attendee's language: every word of the e-mail */
  language: Language;
  /** the USSD code to register without data (USSD_CODE): the e-mail tells the holder's friends */
  ussdCode?: string;
};

function whenLabel(t: TFunction, daysLeft: number, dateLabel: string): string {
  if (daysLeft === 1) return t("ticket.whenTomorrow", { date: dateLabel });
  if (daysLeft === 0) return t("ticket.whenToday", { date: dateLabel });
  return t("ticket.whenOn", { date: dateLabel });
}

// Every value below is a text child or attribute, so React escapes it: names and
// settings typed by people cannot inject markup. Mixed text is one template string
// so the HTML has no <!-- --> separators between the pieces.
export function TicketEmail({
  attendee,
  settings,
  ticketUrl,
  cancelUrl,
  calendarUrl,
  dateLabel,
  variant,
  language,
  ussdCode,
}: TemplateProps) {
  const t = translator(language, "mail");
  const reminder = variant.kind === "reminder";
  const when = reminder ? whenLabel(t, variant.daysLeft, dateLabel) : "";
  const event = settings.event_name;
  const ticket = attendee.ticket_id;
  return (
    <Html lang={language}>
      <Head />
      <Preview>
        {reminder ? t("ticket.previewReminder", { event, when, ticket }) : t("ticket.preview", { event, ticket, date: dateLabel })}
      </Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Section style={s.header}>
            <Text style={s.eyebrow}>{reminder ? t("ticket.reminder") : t("ticket.admission")}</Text>
            <Heading as="h1" style={s.title}>
              {settings.event_name}
            </Heading>
          </Section>
          <Section style={s.content}>
            <Text style={s.text}>{t("hello", { name: attendee.full_name })}</Text>
            <Text style={s.text}>
              {reminder
                ? t("ticket.reminderText", { event, when, time: formatEventHours(settings), venue: settings.venue })
                : t("ticket.thanks", { event })}
            </Text>
            <Section style={s.ticketBox}>
              <Text style={s.label}>{t("ticket.ticketId")}</Text>
              <Text style={s.ticketId}>{attendee.ticket_id}</Text>
            </Section>
            <Section style={{ margin: "24px 0 8px" }}>
              <Detail label={t("ticket.date")} value={dateLabel} />
              <Detail label={t("ticket.time")} value={formatEventHours(settings)} />
              <Detail label={t("ticket.venue")} value={settings.venue} />
            </Section>
            <Img src={`cid:${QR_CID}`} width={QR_DISPLAY_SIZE} height={QR_DISPLAY_SIZE} alt={t("ticket.qrAlt", { ticket })} style={s.qr} />
            <Text style={s.caption}>{t("ticket.showAtDoor")}</Text>
            <Section style={{ margin: "0 0 24px", textAlign: "center" }}>
              <Button href={ticketUrl} style={s.button}>
                {t("ticket.view")}
              </Button>
            </Section>
            <Text style={s.small}>
              {`${t("ticket.keep")} `}
              <Link href={calendarUrl} style={{ color: BRAND_GREEN }}>
                {t("ticket.googleCalendar")}
              </Link>
            </Text>
            <Text style={s.small}>
              {`${t("ticket.cantAttend")} `}
              <Link href={cancelUrl} style={{ color: BRAND_GREEN }}>
                {t("ticket.cancel")}
              </Link>
              {` ${t("ticket.cancelWhy")}`}
            </Text>
            <Text style={s.small}>{t("ticket.spam")}</Text>
            {ussdCode ? <Text style={s.small}>{t("ticket.ussd", { code: ussdCode })}</Text> : null}
          </Section>
          <Hr style={{ borderColor: "#e5e7eb", margin: "8px 32px 16px" }} />
          <Text style={s.footer}>{t("questions", { email: settings.contact_email, phone: settings.contact_phone })}</Text>
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
const FIELDS = { name: 0, ticketId: 1, ticketUrl: 2, cancelUrl: 3, calendarUrl: 4 } as const;

// The text version comes from the HTML (what render's plainText option does after rendering
// the element a second time). Headings keep their case (html-to-text would upper-case them);
// lines are not wrapped, so a value put in later cannot leave a line too long or too short.
async function renderBody(element: React.ReactElement): Promise<MailBody> {
  const html = await render(element);
  return { html, text: toPlainText(html, { wordwrap: false, selectors: [{ selector: "h1", options: { uppercase: false } }] }) };
}

async function renderTicketBody(props: TemplateProps): Promise<MailBody> {
  const { attendee, settings, ticketUrl, cancelUrl, calendarUrl, dateLabel, variant, language, ussdCode } = props;
  const shaping = [
    ussdCode ?? "",
    settings.event_name,
    settings.event_date,
    formatEventHours(settings),
    settings.venue,
    settings.contact_email,
    settings.contact_phone,
  ];
  // Settings that happen to hold mark characters are rendered as they are, without a layout.
  if (shaping.some(hasMarkCharacters)) return renderBody(<TicketEmail {...props} />);
  // One layout per language too: half the reminders in Hausa render two layouts, not thousands.
  const key = JSON.stringify([...shaping, variant, language, attendee.ticket_id.length]);
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
      <TicketEmail
        attendee={marked}
        settings={settings}
        ticketUrl={wholeMark(FIELDS.ticketUrl)}
        cancelUrl={wholeMark(FIELDS.cancelUrl)}
        calendarUrl={wholeMark(FIELDS.calendarUrl)}
        dateLabel={dateLabel}
        variant={variant}
        language={language}
        ussdCode={ussdCode}
      />,
    );
    layouts.set(key, layout);
    layout.catch(() => layouts.delete(key));
  }
  const { html, text } = await layout;
  const values = [attendee.full_name, attendee.ticket_id, ticketUrl, cancelUrl, calendarUrl];
  return { html: fillMarks(html, values), text: fillMarks(text, values, { html: false }) };
}

/** Subject, HTML, plain text and attachments (inline QR code, calendar invite) of a ticket e-mail. */
export async function buildTicketEmail({
  attendee,
  settings,
  ticketUrl,
  siteUrl,
  doorCode,
  variant = { kind: "ticket" },
  ussdCode,
}: {
  attendee: TicketEmailAttendee;
  settings: TicketEmailSettings;
  ticketUrl: string;
  /** the site's public address: the calendar entries' one link */
  siteUrl: string;
  /** what the QR code carries: admits at the door, opens nothing else */
  doorCode: string;
  variant?: TicketEmailVariant;
  /** the USSD code to register without data (USSD_CODE), for the holder's friends */
  ussdCode?: string;
}): Promise<Pick<OutgoingMail, "to" | "subject" | "html" | "text" | "attachments">> {
  const language = languageOr(attendee.language);
  const dateLabel = formatEventDate(settings.event_date, language);
  // Calendars are shared and synced: the invite and the Google link carry the site and the ticket ID, not ticketUrl.
  const calendarTicket = { settings, ticketId: attendee.ticket_id, fullName: attendee.full_name, siteUrl, language };
  const [{ html, text }, png] = await Promise.all([
    renderTicketBody({
      attendee,
      settings,
      // The links open the site in the attendee's language.
      ticketUrl: withLanguage(ticketUrl, language),
      cancelUrl: withLanguage(`${ticketUrl}/cancel`, language),
      calendarUrl: googleCalendarUrl(calendarTicket),
      dateLabel,
      variant,
      language,
      ussdCode,
    }),
    // Twice the displayed size, so the code stays sharp on high-density screens.
    qrPng(doorCode, { size: QR_DISPLAY_SIZE * 2 }),
  ]);
  const ics = ticketCalendar(calendarTicket);
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
      ? reminderSubject(settings.event_name, dateLabel, variant.daysLeft, language)
      : ticketSubject(settings.event_name, attendee.ticket_id, language);
  return { to: attendee.email, subject, html, text, attachments };
}

/** 'Tomorrow: …' the day before (as the product says), else the date. */
export function reminderSubject(eventName: string, dateLabel: string, daysLeft: number, language: Language = DEFAULT_LANGUAGE): string {
  const t = translator(language, "mail");
  const subject =
    daysLeft === 1 ? t("ticket.subjectTomorrow", { event: eventName }) : t("ticket.subjectReminder", { event: eventName, date: dateLabel });
  return subject.replace(/\s+/g, " ").trim();
}

export function ticketSubject(eventName: string, ticketId: string, language: Language = DEFAULT_LANGUAGE): string {
  // Header text on one line whatever the settings hold.
  return translator(language, "mail")("ticket.subject", { event: eventName, ticket: ticketId }).replace(/\s+/g, " ").trim();
}
