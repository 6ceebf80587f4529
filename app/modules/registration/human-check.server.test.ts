import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, STAMP_FIELD } from "~/ui/human-check-fields";
import { checkHuman, formStamp, MIN_FILL_MS } from "./human-check.server";
import { IP_WINDOW_MS, takeIpSlot } from "./ip-ceiling.server";

const IP_CEILING = 1_000;

const SECRET = "human-check-secret-0123456789abcdef";
const served = new Date("2026-11-23T10:00:00Z");
const servedPlus = (ms: number) => new Date(served.getTime() + ms);

function post(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("telling people from scripts", () => {
  const stamp = formStamp(SECRET, served);

  it("takes a form sent a moment after the page was served, with the decoy left empty", () => {
    expect(checkHuman(post({ [STAMP_FIELD]: stamp, [HONEYPOT_FIELD]: "" }), SECRET, servedPlus(MIN_FILL_MS))).toEqual({ ok: true });
    // A page left open for days still works.
    expect(checkHuman(post({ [STAMP_FIELD]: stamp }), SECRET, servedPlus(3 * 86_400_000))).toEqual({ ok: true });
  });

  it("refuses the decoy filled, a post within the moment, and a missing, forged or foreign stamp", () => {
    expect(checkHuman(post({ [STAMP_FIELD]: stamp, [HONEYPOT_FIELD]: "http://spam.example" }), SECRET, servedPlus(10_000))).toEqual({
      ok: false,
      reason: "decoy",
    });
    expect(checkHuman(post({ [STAMP_FIELD]: stamp }), SECRET, servedPlus(MIN_FILL_MS - 1))).toEqual({ ok: false, reason: "too-fast" });
    expect(checkHuman(post({}), SECRET, servedPlus(10_000))).toEqual({ ok: false, reason: "stamp" });
    const [time, signature] = stamp.split(".");
    const earlier = `${Number(time) - 60_000}.${signature}`;
    expect(checkHuman(post({ [STAMP_FIELD]: earlier }), SECRET, servedPlus(10_000))).toEqual({ ok: false, reason: "stamp" });
    expect(checkHuman(post({ [STAMP_FIELD]: formStamp("another-secret-0123456789abcdefgh", served) }), SECRET, servedPlus(10_000))).toEqual(
      {
        ok: false,
        reason: "stamp",
      },
    );
    // A stamp from the future (a clock moved back) is "too fast", never a crash.
    expect(checkHuman(post({ [STAMP_FIELD]: stamp }), SECRET, servedPlus(-60_000))).toEqual({ ok: false, reason: "too-fast" });
  });
});

describe("the per-address ceiling", () => {
  it("lets a crowd behind one carrier address through, stops one source posting thousands, and resets each window", () => {
    const start = 7 * IP_WINDOW_MS + 12_345;
    for (let i = 0; i < 200; i++) expect(takeIpSlot("102.89.1.1", start + i, IP_CEILING)).toBe(true);
    for (let i = 200; i < IP_CEILING; i++) takeIpSlot("102.89.1.1", start + i, IP_CEILING);
    expect(takeIpSlot("102.89.1.1", start + 5_000, IP_CEILING)).toBe(false);
    expect(takeIpSlot("102.89.1.2", start + 5_000, IP_CEILING)).toBe(true);
    expect(takeIpSlot("102.89.1.1", start + IP_WINDOW_MS, IP_CEILING)).toBe(true);
    // Without an address (a Unix socket) nothing is counted.
    expect(takeIpSlot("", start, IP_CEILING)).toBe(true);
  });
});
