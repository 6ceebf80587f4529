import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import { BRAND } from "~/ui/brand";

// The short e-mails that are not the ticket (a cancellation, the waitlist's confirmation and
// offer): a heading, a few paragraphs, one button, a small footnote. Rendered with the same
// inline styles so they look like one family in every mail client.

const BRAND_GREEN = BRAND[700];
const font = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const text = { color: "#1f2937", fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" };

export type NoticeEmailProps = {
  preview: string;
  heading: string;
  paragraphs: string[];
  button?: { href: string; label: string };
  footnote?: string;
  /** a link after the footnote (an invitation's "stop these e-mails") */
  footnoteLink?: { href: string; label: string };
  /** the language the words are in (its code), for mail clients and screen readers */
  language: string;
};

function NoticeEmail({ preview, heading, paragraphs, button, footnote, footnoteLink, language }: NoticeEmailProps) {
  return (
    <Html lang={language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f3f4f6", fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", borderRadius: "12px", maxWidth: "560px", padding: "28px 32px" }}>
          <Heading as="h1" style={{ color: BRAND_GREEN, fontSize: "22px", lineHeight: "28px", margin: "0 0 16px" }}>
            {heading}
          </Heading>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} style={text}>
              {paragraph}
            </Text>
          ))}
          {button ? (
            <Section style={{ margin: "0 0 24px" }}>
              <Button
                href={button.href}
                style={{
                  backgroundColor: BRAND_GREEN,
                  borderRadius: "8px",
                  color: "#ffffff",
                  fontSize: "16px",
                  fontWeight: 600,
                  padding: "12px 24px",
                }}
              >
                {button.label}
              </Button>
            </Section>
          ) : null}
          {footnote ? <Text style={{ color: "#6b7280", fontSize: "13px", lineHeight: "20px", margin: 0 }}>{footnote}</Text> : null}
          {footnoteLink ? (
            <Text style={{ color: "#6b7280", fontSize: "13px", lineHeight: "20px", margin: "8px 0 0" }}>
              <Link href={footnoteLink.href} style={{ color: "#374151", textDecoration: "underline" }}>
                {footnoteLink.label}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML and plain-text versions of a notice. */
export async function renderNoticeEmail(props: NoticeEmailProps): Promise<{ html: string; text: string }> {
  const html = await render(<NoticeEmail {...props} />);
  return { html, text: toPlainText(html, { wordwrap: false, selectors: [{ selector: "h1", options: { uppercase: false } }] }) };
}
