import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import type { DbOrTx } from "~/db/client.server";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { cancellationSubject, findCancelledById } from "./cancel.server";

// The short confirmation after an attendee cancels: what was cancelled, and the way back in.

const BRAND = "#166534";
const font = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const text = { color: "#1f2937", fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" };

type Props = { fullName: string; ticketId: string; eventName: string; dateLabel: string; registerUrl: string; contactEmail: string };

function CancellationEmail({ fullName, ticketId, eventName, dateLabel, registerUrl, contactEmail }: Props) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Your registration ${ticketId} for ${eventName} is cancelled.`}</Preview>
      <Body style={{ backgroundColor: "#f3f4f6", fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", borderRadius: "12px", maxWidth: "560px", padding: "28px 32px" }}>
          <Heading as="h1" style={{ color: BRAND, fontSize: "22px", lineHeight: "28px", margin: "0 0 16px" }}>
            Registration cancelled
          </Heading>
          <Text style={text}>{`Hello ${fullName},`}</Text>
          <Text style={text}>
            {`Your registration for ${eventName} on ${dateLabel} (ticket ${ticketId}) is cancelled, as you asked. Its QR code no longer admits anyone, and your seat has gone back to others.`}
          </Text>
          <Text style={text}>Changed your mind? You can register again while seats are open.</Text>
          <Section style={{ margin: "0 0 24px" }}>
            <Button
              href={registerUrl}
              style={{
                backgroundColor: BRAND,
                borderRadius: "8px",
                color: "#ffffff",
                fontSize: "16px",
                fontWeight: 600,
                padding: "12px 24px",
              }}
            >
              Register again
            </Button>
          </Section>
          <Text style={{ color: "#6b7280", fontSize: "13px", lineHeight: "20px", margin: 0 }}>
            {`You did not cancel? Write to ${contactEmail} and we will look into it.`}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Renders a queued cancellation confirmation from the cancelled registration and the settings. */
export async function renderCancellationMail(
  db: DbOrTx,
  data: Record<string, unknown> | null,
  publicUrl: string,
): Promise<Pick<OutgoingMail, "subject" | "html" | "text">> {
  const id = typeof data?.cancelledId === "string" ? data.cancelledId : "";
  const cancelled = id ? await findCancelledById(db, id) : undefined;
  if (!cancelled) throw new Error("the cancelled registration of this e-mail is gone");
  const settings = await getSettings(db);
  const html = await render(
    <CancellationEmail
      fullName={cancelled.full_name}
      ticketId={cancelled.ticket_id}
      eventName={settings.event_name}
      dateLabel={formatEventDate(settings.event_date)}
      registerUrl={`${publicUrl.replace(/\/+$/, "")}/register`}
      contactEmail={settings.contact_email}
    />,
  );
  return {
    subject: cancellationSubject(settings.event_name),
    html,
    text: toPlainText(html, { wordwrap: false, selectors: [{ selector: "h1", options: { uppercase: false } }] }),
  };
}
