import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import { RESOURCES } from "~/i18n/catalogues.server";
import { createI18n } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { PRIVACY_NOTICE, privacyNoticeFacts } from "~/modules/person/privacy-notice";
import Privacy from "./privacy";

// The notice as the server sends it (it needs no JavaScript), from the settings organisers set.

// React's text separators (<!-- -->) are not spaces; quotes come back as typed.
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

function renderNotice(overrides: Partial<Parameters<typeof privacyNoticeFacts>[0]> = {}, language: Language = "en"): string {
  const Stub = createRoutesStub([{ id: "privacy", path: "/privacy", Component: Privacy }]);
  const loaderData = { ...privacyNoticeFacts({ ...SETTINGS_DEFAULTS, ...overrides }), dateLabel: PRIVACY_NOTICE.dateLabel };
  return renderToString(
    <I18nextProvider i18n={createI18n(RESOURCES, language)}>
      <Stub initialEntries={["/privacy"]} hydrationData={{ loaderData: { privacy: loaderData } }} />
    </I18nextProvider>,
  );
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
    expect(PRIVACY_NOTICE).toMatchObject({ version: "8", date: "2026-11-29", dateLabel: "29 November 2026" });
    expect(t).toContain("Version 8, 29 November 2026");
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

  it("says what WhatsApp receives, that the box is never ticked for you, and how to stop it", () => {
    const t = text(renderNotice({}));
    expect(t).toContain('If you tick "Send my ticket on WhatsApp too"');
    expect(t).toContain("The box is never ticked for you.");
    expect(t).toContain("Meta's WhatsApp Business Platform, which processes them on our behalf");
    expect(t).toContain("Reply STOP at any time");
    expect(t).toContain("Meta (WhatsApp) too");
  });

  it("says what a certificate's verification reveals, for how long, and how feedback is kept", () => {
    const t = text(renderNotice({ retention_days: 90, certificate_valid_days: 365 }));
    expect(t).toContain("can check at /verify that it is genuine");
    expect(t).toContain("A check shows only what the certificate itself shows: your name, the event, its date and its venue.");
    expect(t).toContain("Certificates can be verified for 365 days after the event");
    expect(t).toContain("your certificate stops verifying at once");
    expect(t).toContain("Your answers are kept without your name");
    // Without a period of their own, as long as personal data is kept.
    expect(text(renderNotice({ retention_days: 45 }))).toContain("Certificates can be verified for 45 days after the event");
  });

  it("tells what the tracked links keep: a first-party cookie for 30 days, the source with the registration, no IP address", () => {
    const t = text(renderNotice());
    expect(t).toContain("Which of our links brought you here, if any");
    expect(t).toContain("Links that brought you here");
    expect(t).toContain("your browser keeps a small cookie for 30 days that says which link it was and when");
    expect(t).toContain("It is our own cookie, scripts cannot read it");
    expect(t).toContain("If you follow several of our links, the first one counts.");
    expect(t).toContain("without keeping your IP address");
    expect(t).toContain("you see only how many, never who");
    const ha = text(renderNotice({}, "ha"));
    expect(ha).toContain("Mahaɗan da suka kawo ku nan");
    expect(ha).toContain("ƙaramin kuki na kwanaki 30");
  });

  it("tells what SMS and USSD registration use: the number, the menu's answers, the gateway, delivery reports", () => {
    const t = text(renderNotice({ retention_days: 30 }));
    expect(t).toContain(
      'If you tick "Also send my ticket by SMS" on the form, we also send your ticket, reminders and any waitlist offer by SMS',
    );
    expect(t).toContain("If you register by USSD, they always come by SMS.");
    expect(t).toContain("with only your phone number: no e-mail address is needed");
    expect(t).toContain("asks for your name, gender, state, local government and language");
    expect(t).toContain("If you leave it unfinished, what you entered is deleted after a day.");
    expect(t).toContain("an SMS gateway, Africa's Talking or Termii, which processes them on our behalf");
    expect(t).toContain("it receives your phone number and the text of each SMS");
    expect(t).toContain("We keep the gateway's delivery reports");
    expect(t).toContain("the record of e-mails and SMS we sent (with their delivery reports) are deleted 30 days after the event");
    expect(t).toContain("the SMS gateway if you get SMS");
    expect(t).toContain("e-mail address (not if you register by USSD)");
  });

  it("says the same in Hausa, with the hooked letters, under the same version", () => {
    const t = text(renderNotice({ retention_days: 30 }, "ha"));
    expect(t).toContain("Siga 8,");
    expect(t).toContain("SMS da USSD");
    expect(t).toContain('Idan kun zaɓi "Kuma a aiko min da tikitina ta SMS"');
    expect(t).toContain("da lambar wayarku kawai: ba a buƙatar adireshin imel");
    expect(t).toContain("ana goge abin da kuka shigar bayan kwana ɗaya");
    expect(t).toContain("Africa's Talking ko Termii");
    expect(t).toContain("rahoton isarwa");
    expect(t).toContain("bayanan imel-imel da SMS da muka aika (tare da rahoton isarwarsu) kwanaki 30 bayan taron");
  });

  it("uses the contact e-mail when no privacy contact is set, and leaves out a missing phone", () => {
    const html = renderNotice({ privacy_email: "", contact_email: "hello@example.org", contact_phone: "", retention_days: 1 });
    expect(html).toContain('href="mailto:hello@example.org"');
    expect(text(html)).toContain("deleted 1 day after the event");
    expect(text(html)).toContain("hello@example.org . We answer requests within 30 days.");
  });
});
