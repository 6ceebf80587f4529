import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import { PRIVACY_NOTICE, privacyNoticeFacts } from "~/modules/registration/privacy-notice";
import Privacy from "./privacy";

// The notice as the server sends it (it needs no JavaScript), from the settings organisers set.

// React's text separators (<!-- -->) are not spaces; quotes come back as typed.
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

function renderNotice(overrides: Partial<Parameters<typeof privacyNoticeFacts>[0]> = {}): string {
  const Stub = createRoutesStub([{ id: "privacy", path: "/privacy", Component: Privacy }]);
  const loaderData = { ...privacyNoticeFacts({ ...SETTINGS_DEFAULTS, ...overrides }), dateLabel: "25 November 2026" };
  return renderToString(<Stub initialEntries={["/privacy"]} hydrationData={{ loaderData: { privacy: loaderData } }} />);
}

describe("the privacy notice", () => {
  it("names the controller, the contact, how long data is kept and how to use the rights", () => {
    const html = renderNotice({
      organiser_name: "Zamfara State Ministry of Youth and Sports",
      privacy_email: "dpo@zamfara.example.org",
      contact_phone: "+234 803 000 1111",
      retention_days: 45,
    });
    const t = text(html);
    expect(PRIVACY_NOTICE).toMatchObject({ version: "4", dateLabel: "25 November 2026" });
    expect(t).toContain("Version 4, 25 November 2026");
    expect(t).toContain("is organised by Zamfara State Ministry of Youth and Sports. We are the data controller");
    expect(t).toContain("deleted 45 days after the event");
    expect(t).not.toContain("six months");
    expect(t).toMatch(/join the waitlist, you give the same details/);
    expect(t).toContain("until an offer of a seat is decided, then deleted with the rest");
    expect(t).toContain("the e-mail provider that delivers your ticket");
    expect(t).toContain('"Download my data"');
    expect(t).toContain('"Delete my data"');
    // Hearing about future editions: its own optional consent, what is kept and how to withdraw.
    expect(t).toContain('If you tick "Tell me about future editions": your name, e-mail address');
    expect(t).toContain("a separate, optional consent");
    expect(t).toContain("also after your registration is deleted, until you withdraw");
    expect(html.match(/href="mailto:dpo@zamfara.example.org"/g)).toHaveLength(2);
    expect(t).toContain("or call +234 803 000 1111. We answer requests within 30 days.");
  });

  it("uses the contact e-mail when no privacy contact is set, and leaves out a missing phone", () => {
    const html = renderNotice({ privacy_email: "", contact_email: "hello@example.org", contact_phone: "", retention_days: 1 });
    expect(html).toContain('href="mailto:hello@example.org"');
    expect(text(html)).toContain("deleted 1 day after the event");
    expect(text(html)).toContain("hello@example.org . We answer requests within 30 days.");
  });
});
