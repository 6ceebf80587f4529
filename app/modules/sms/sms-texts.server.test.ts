import { describe, expect, it } from "vitest";
import { isGsm7, smsSegments } from "./gsm7";
import {
  cancellationSms,
  MAX_SMS_SEGMENTS,
  privacyNoticeSms,
  reminderSms,
  type SmsLanguage,
  testSms,
  ticketSms,
  waitlistJoinedSms,
  waitlistOfferSms,
} from "./sms-texts.server";

// "Count the segments in a test": every SMS in both languages, with the longest inputs the site
// allows (event name and venue 120 characters, Hausa's hooked letters in them, a 23-character
// ticket ID, the longest dates and deadlines, an 80-character link), fits in two segments, with
// the ticket ID and the link whole.

const LANGUAGES: SmsLanguage[] = ["en", "ha"];
const LONG_EVENT =
  `Ƙungiyar Matasan Jihar Zamfara — Taron Ƙoli na Shekara-shekara kan Zaman Lafiya, Ilimi da Ci gaban Al'umma ${"x".repeat(120)}`.slice(
    0,
    120,
  );
const LONG_VENUE =
  `Ɗakin Taro na Gidan Gwamnati, Titin Sokoto, kusa da Babban Masallacin Juma'a, Gusau, Jihar Zamfara, Najeriya ${"y".repeat(120)}`.slice(
    0,
    120,
  );
const TICKET_ID = "ZYS-ZZZZZZZZZZZZ-ZZZZZZ"; // the longest the pattern allows
const LINK = `https://summit.example.org/t/${"A".repeat(46)}?l=ha`.slice(0, 80);
const DATE = { en: "Wednesday, 30 September 2026", ha: "Alhamis 30 Satumba, 2026" };
const EXPIRES = { en: "30 Sept 2026, 14:00 (West Africa Time)", ha: "30 Sat, 2026, 14:00 (Lokacin Yammacin Afirka)" };
const TIME = "10:00 AM";

expect(LONG_EVENT).toHaveLength(120);
expect(LONG_VENUE).toHaveLength(120);
expect(LINK).toHaveLength(80);

function worstCases(language: SmsLanguage): Record<string, string> {
  const common = { language, eventName: LONG_EVENT };
  const ticket = { ...common, ticketId: TICKET_ID, date: DATE[language], time: TIME, venue: LONG_VENUE, link: LINK };
  return {
    ticket: ticketSms(ticket),
    // The longest USSD code USSD_CODE allows.
    ticketWithUssd: ticketSms({ ...ticket, ussdCode: "*123456*123456*123456*123456*123456#" }),
    reminder: reminderSms(ticket),
    waitlistOffer: waitlistOfferSms({ ...common, link: LINK, expires: EXPIRES[language] }),
    waitlistJoined: waitlistJoinedSms(common),
    waitlistJoinedPlace: waitlistJoinedSms({ ...common, position: 12_345 }),
    privacyNotice: privacyNoticeSms({ ...common, link: LINK }),
    cancellation: cancellationSms({ ...common, ticketId: TICKET_ID }),
    test: testSms(common),
  };
}

describe("the SMS texts", () => {
  for (const language of LANGUAGES) {
    it(`fit in ${MAX_SMS_SEGMENTS} segments of GSM-7 in ${language}, worst cases included`, () => {
      const counts: Record<string, number> = {};
      for (const [name, text] of Object.entries(worstCases(language))) {
        expect(isGsm7(text), name).toBe(true);
        counts[name] = smsSegments(text);
        expect(counts[name], `${name}: ${text}`).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
        expect(text, name).not.toMatch(/[ƙƘɗƊɓƁƴƳ]/);
        expect(text, name).not.toMatch(/\{\{|\}\}/);
      }
      // The worst cases reach the ceiling; realistic texts take one segment (waitlist, cancellation, test) or two.
      expect(counts).toEqual({
        ticket: 2,
        ticketWithUssd: 2,
        reminder: 2,
        waitlistOffer: 2,
        waitlistJoined: 2,
        waitlistJoinedPlace: 2,
        privacyNotice: 2,
        cancellation: 2,
        test: 2,
      });
    });

    it(`keep the ticket ID, the date, the link and the deadline whole in ${language}, and shorten the venue with "..."`, () => {
      const texts = worstCases(language);
      for (const name of ["ticket", "reminder"]) {
        expect(texts[name]).toContain(TICKET_ID);
        expect(texts[name]).toContain(LINK);
        expect(texts[name]).toContain(DATE[language]);
        expect(texts[name]).toContain(TIME);
        expect(texts[name]).toContain("...");
        expect(texts[name]).toContain("Dakin Taro na Gidan Gwamnati");
      }
      expect(texts.waitlistOffer).toContain(LINK);
      expect(texts.waitlistOffer).toContain(EXPIRES[language]);
      expect(texts.privacyNotice).toContain(LINK);
      expect(texts.cancellation).toContain(TICKET_ID);
      expect(texts.waitlistJoinedPlace).toContain("12345");
    });
  }

  it("leave realistic texts whole, and write Hausa's letters plain", () => {
    const common = { eventName: "Zamfara Youth Summit" };
    const en = ticketSms({
      ...common,
      language: "en",
      ticketId: "ZYS-MXK2P9QA-7HK3QD",
      date: "Saturday, 20 December 2026",
      time: "10:00",
      venue: "Government House Banquet Hall, Gusau",
      link: "https://summit.example.org/t/abc",
    });
    expect(en).toBe(
      "Zamfara Youth Summit ticket ZYS-MXK2P9QA-7HK3QD: Saturday, 20 December 2026, 10:00, Government House Banquet Hall, Gusau. Show this ID at the door. Your ticket: https://summit.example.org/t/abc",
    );
    const ha = ticketSms({
      ...common,
      language: "ha",
      ticketId: "ZYS-MXK2P9QA-7HK3QD",
      date: "Asabar 20 Disamba, 2026",
      time: "10:00",
      venue: "Ɗakin Taro na Gidan Gwamnati, Gusau",
      link: "https://summit.example.org/t/abc?lang=ha",
    });
    expect(ha).toBe(
      "Tikitin Zamfara Youth Summit ZYS-MXK2P9QA-7HK3QD: Asabar 20 Disamba, 2026, 10:00, Dakin Taro na Gidan Gwamnati, Gusau. Nuna wannan lambar a kofar shiga. Tikitinku: https://summit.example.org/t/abc?lang=ha",
    );
    expect(smsSegments(en)).toBe(2);
    expect(smsSegments(ha)).toBe(2);
  });

  it("tell the ticket's holder how friends without data register, when a USSD code is set, in two segments still", () => {
    const text = ticketSms({
      language: "ha",
      eventName: "Zamfara Youth Summit",
      ticketId: "ZYS-MXK2P9QA-7HK3QD",
      date: "Asabar 20 Disamba, 2026",
      time: "10:00",
      venue: "Ɗakin Taro na Gidan Gwamnati, Gusau",
      link: "https://summit.example.org/t/abc?lang=ha",
      ussdCode: "*347*123#",
    });
    expect(text).toMatch(/Abokai marasa data: danna \*347\*123#$/);
    expect(text).toContain("ZYS-MXK2P9QA-7HK3QD");
    expect(smsSegments(text)).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
  });

  it("put a venue written on several lines on one, and drop what GSM-7 cannot carry", () => {
    const text = cancellationSms({ language: "en", eventName: "Summit\r\n2026 🎉\u0000", ticketId: TICKET_ID });
    expect(text).toBe(`Your Summit 2026 ticket ${TICKET_ID} is cancelled, and your seat goes to someone else. Thank you for telling us.`);
  });
});
