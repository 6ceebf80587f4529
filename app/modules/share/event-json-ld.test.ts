import { describe, expect, it } from "vitest";
import { type EventFacts, eventJsonLd, jsonForScript } from "./event-json-ld";

// The landing page's schema.org Event: the fields search engines require, the event's own
// clock with Lagos's offset, free seats or sold out, and JSON no organiser text can break out of.

const FACTS: EventFacts = {
  name: "Zamfara Youth Summit 2025",
  description: "A day of dialogue.",
  eventDate: "2025-08-12",
  startsAt: "08:00:00",
  endsAt: "17:00:00",
  venue: "Conference Hall, State Secretariat, Gusau",
  organiser: "Zamfara State Government, youth office",
  url: "https://summit.example.org/?lang=en",
  registerUrl: "https://summit.example.org/register?lang=en",
  image: "https://summit.example.org/share/en-0123456789abcdef.png",
  soldOut: false,
  language: "en",
};

/** What Google's Event rich result requires and recommends, checked the way a validator does. */
function validateEvent(data: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const at = (path: string) => path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data);
  const absolute = (value: unknown) => typeof value === "string" && /^https?:\/\/[^/]/.test(value);
  if (data["@context"] !== "https://schema.org") problems.push("@context");
  if (data["@type"] !== "Event") problems.push("@type");
  for (const path of ["name", "description", "location.name", "location.address.streetAddress", "organizer.name"]) {
    if (typeof at(path) !== "string" || !(at(path) as string).trim()) problems.push(path);
  }
  for (const path of ["startDate", "endDate"]) {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/.test(String(at(path)))) problems.push(path);
  }
  if (Date.parse(String(at("endDate"))) <= Date.parse(String(at("startDate")))) problems.push("endDate after startDate");
  if (at("location.@type") !== "Place" || at("location.address.@type") !== "PostalAddress") problems.push("location");
  if (at("eventAttendanceMode") !== "https://schema.org/OfflineEventAttendanceMode") problems.push("eventAttendanceMode");
  if (at("eventStatus") !== "https://schema.org/EventScheduled") problems.push("eventStatus");
  if (at("offers.@type") !== "Offer" || at("offers.price") !== 0 || at("offers.priceCurrency") !== "NGN") problems.push("offers");
  if (!["https://schema.org/InStock", "https://schema.org/SoldOut"].includes(String(at("offers.availability"))))
    problems.push("availability");
  if (!absolute(at("offers.url")) || !absolute(at("url"))) problems.push("url");
  const images = at("image");
  if (!Array.isArray(images) || images.length === 0 || !images.every(absolute)) problems.push("image");
  return problems;
}

describe("eventJsonLd", () => {
  it("has every field search engines require", () => {
    const data = eventJsonLd(FACTS);
    expect(validateEvent(data)).toEqual([]);
    expect(data).toMatchObject({
      startDate: "2025-08-12T08:00:00+01:00",
      endDate: "2025-08-12T17:00:00+01:00",
      location: { "@type": "Place", name: FACTS.venue, address: { addressCountry: "NG" } },
      organizer: { "@type": "Organization", name: FACTS.organiser },
      offers: { availability: "https://schema.org/InStock", url: FACTS.registerUrl },
      image: [FACTS.image],
    });
  });

  it("is sold out when no seat can be registered for", () => {
    expect(eventJsonLd({ ...FACTS, soldOut: true }).offers).toMatchObject({ availability: "https://schema.org/SoldOut", price: 0 });
  });

  it("starts and ends at the event's hours in Lagos", () => {
    const morning = eventJsonLd({ ...FACTS, startsAt: "09:30:00", endsAt: "11:45:00" });
    expect(morning).toMatchObject({ startDate: "2025-08-12T09:30:00+01:00", endDate: "2025-08-12T11:45:00+01:00" });
    expect(validateEvent(morning)).toEqual([]);
  });
});

describe("jsonForScript", () => {
  it("cannot end its <script> element or open a comment, and reads back as the same text", () => {
    const name = '</script><script>alert(1)</script><!-- & "Ɗan Fodio" \u2028';
    const json = jsonForScript(eventJsonLd({ ...FACTS, name, venue: "</SCRIPT >", organiser: "A > B & C" }));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json.toLowerCase()).not.toContain("</script");
    expect(JSON.parse(json)).toMatchObject({ name, location: { name: "</SCRIPT >" }, organizer: { name: "A > B & C" } });
  });
});
