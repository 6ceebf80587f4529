import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type TicketImageFacts, type TicketImageLabels, ticketImageLayout, ticketPng } from "./ticket-image.server";

// The saved ticket (ticket-image.server.ts): readable by the door's scanner, drawn with the
// badge font's own glyphs for Hausa names, and fitted whatever the organisers and people typed.

const FACTS: TicketImageFacts = {
  eventName: "Zamfara State Youth Summit 2025",
  fullName: "Ƙasimu Ɗanladi Ɓello Ƴar'adua",
  ticketId: "ZYS-MB7K2Q1-4F9XQZ",
  date: "Talata, 12 ga Agusta 2025",
  time: "8:00 AM - 5:00 PM",
  venue: "Gidan Taro na Jiha, Gusau",
  doorCode: "ZYS-MB7K2Q1-4F9XQZ.abcdefghijklmnopqrstuv",
};
const HAUSA: TicketImageLabels = {
  admission: "Tikitin shiga",
  name: "Suna",
  ticketId: "Lambar tikiti",
  date: "Kwanan wata",
  time: "Lokaci",
  venue: "Wuri",
  showAtDoor: "Nuna wannan lambar QR (ko lambar tikitinku) a ƙofar shiga.",
};

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("ticketPng", () => {
  it("is a PNG 1080 px wide whose QR code reads as the door code, small enough for a slow connection", async () => {
    const png = await ticketPng(FACTS, HAUSA);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(1080);
    expect(meta.height).toBeGreaterThan(1400);
    expect(png.length).toBeLessThan(120_000);
    const image = await pixels(png);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(FACTS.doorCode);
  });

  it("names the holder and the ticket in its title and description, as a photo gallery shows them", async () => {
    const xmp = (await sharp(await ticketPng({ ...FACTS, fullName: "Hauwa <Ɓello> & Co" }, HAUSA)).metadata()).xmp?.toString() ?? "";
    expect(xmp).toContain(`Zamfara State Youth Summit 2025 — ${FACTS.ticketId}`);
    expect(xmp).toContain("Hauwa &lt;Ɓello&gt; &amp; Co · ZYS-MB7K2Q1-4F9XQZ · Talata, 12 ga Agusta 2025");
  });

  it("draws the name: another name changes the picture, the same one gives the same bytes", async () => {
    const [first, again, other] = await Promise.all([
      ticketPng(FACTS, HAUSA),
      ticketPng(FACTS, HAUSA),
      ticketPng({ ...FACTS, fullName: "Kasimu Danladi Bello Yar'adua" }, HAUSA),
    ]);
    expect(again.equals(first)).toBe(true);
    expect(other.equals(first)).toBe(false);
  });
});

describe("ticketImageLayout", () => {
  it("has a glyph for every letter of a Hausa name and the Hausa labels", () => {
    const layout = ticketImageLayout(FACTS, HAUSA);
    expect(layout.missing).toEqual([]);
    // Text is outlines, not <text>: it does not depend on the server's fonts.
    expect(layout.svg).not.toContain("<text");
  });

  it("can tell a letter the font lacks", () => {
    expect(ticketImageLayout({ ...FACTS, fullName: "Li 李" }, HAUSA).missing).toEqual(["李"]);
  });

  it("keeps very long texts to their lines: the QR code stays whole and the picture no taller than a phone screen holds", () => {
    const long = "Abubakar Muhammadu Sani Ɗanjuma Ibrahim Tanimu Ƙaura Garba ".repeat(4);
    const short = ticketImageLayout(FACTS, HAUSA);
    const layout = ticketImageLayout({ ...FACTS, fullName: long, eventName: long, venue: long }, HAUSA);
    expect(layout.qr.size).toBe(short.qr.size);
    expect(layout.height).toBeLessThan(short.height + 500);
    expect(layout.height).toBeGreaterThan(layout.qr.top + layout.qr.size);
  });
});
