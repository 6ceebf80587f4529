import { describe, expect, it, vi } from "vitest";
import { agreesEarly, EARLY_COOKIE, earlyConsent, earlyConsentCookie, earlyQuestion, eventDateLabels } from "./early-door";

// Before the event's day the door asks once per device and event date; on the day and after,
// never. Lagos is UTC+1: 23:30 UTC on the 18th is already the 19th there.

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const EVENT = "2026-12-19";
const LABELS = eventDateLabels(EVENT);
const ask = (...args: [FormData, string, () => string, Date]) => earlyQuestion(...args, () => LABELS);
const WEEKS_BEFORE = new Date("2026-11-28T10:00:00Z");

describe("earlyQuestion", () => {
  it("writes the date in each language on the server, Hausa's own calendar included", () => {
    expect(LABELS).toEqual({ en: "19 December 2026", ha: expect.stringMatching(/^19 Disamba,? 2026$/) });
  });

  it("asks before the event's day, with the check-in's own fields to send again", () => {
    const question = ask(
      form({ intent: "ticket", ticket_id: "ZYS-ABC-123456", door: "Main gate", extra: "dropped" }),
      EVENT,
      () => "",
      WEEKS_BEFORE,
    );
    expect(question).toEqual({
      status: "early",
      eventDate: EVENT,
      dateLabels: LABELS,
      resubmit: [
        ["intent", "ticket"],
        ["ticket_id", "ZYS-ABC-123456"],
        ["door", "Main gate"],
      ],
    });
  });

  it("does not ask on the event's day in Lagos, nor after it, nor without a date, and reads no cookie then", () => {
    const cookies = vi.fn(() => "");
    const scan = form({ intent: "scan", code: "x" });
    expect(ask(scan, EVENT, cookies, new Date("2026-12-18T23:30:00Z"))).toBeNull();
    expect(ask(scan, EVENT, cookies, new Date("2026-12-20T09:00:00Z"))).toBeNull();
    expect(ask(scan, "", cookies, WEEKS_BEFORE)).toBeNull();
    expect(cookies).not.toHaveBeenCalled();
    expect(ask(scan, EVENT, cookies, new Date("2026-12-18T22:30:00Z"))).not.toBeNull();
  });

  it("asks once: not again after a yes for this date, again after a yes for another date", () => {
    const scan = form({ intent: "scan", code: "x" });
    const kept = `ys_admin=abc; ${EARLY_COOKIE}=${EVENT}; summit_lang=ha`;
    expect(ask(scan, EVENT, () => kept, WEEKS_BEFORE)).toBeNull();
    expect(ask(scan, EVENT, () => `${EARLY_COOKIE}=2025-08-12`, WEEKS_BEFORE)).not.toBeNull();
    // The yes itself goes through, for this date only.
    expect(ask(form({ intent: "scan", code: "x", early: EVENT }), EVENT, () => "", WEEKS_BEFORE)).toBeNull();
    expect(ask(form({ intent: "scan", code: "x", early: "2026-12-20" }), EVENT, () => "", WEEKS_BEFORE)).not.toBeNull();
  });
});

describe("the consent cookie", () => {
  it("names the event date, for the door's pages, and reads back from a cookie header", () => {
    const cookie = earlyConsentCookie(EVENT);
    expect(cookie).toMatch(new RegExp(`^${EARLY_COOKIE}=${EVENT}; Path=/admin; Max-Age=\\d+; SameSite=Lax$`));
    expect(earlyConsent(cookie.split(";")[0])).toBe(EVENT);
    expect(earlyConsent(`x${EARLY_COOKIE}=${EVENT}`)).toBe("");
    expect(earlyConsent(`${EARLY_COOKIE}=<script>`)).toBe("");
    expect(earlyConsent(null)).toBe("");
    expect(agreesEarly(form({ early: EVENT }), EVENT)).toBe(true);
    expect(agreesEarly(form({ early: "" }), "")).toBe(false);
  });
});
