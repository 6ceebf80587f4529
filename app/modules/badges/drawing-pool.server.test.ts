import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { drawPicturesInThreads, drawTicketPng, stopPictureThreads } from "./drawing-pool.server";
import { type TicketImageFacts, type TicketImageLabels, ticketPng } from "./ticket-image.server";

// The saved ticket drawn in the pool's threads (server/image-thread.js in production; here the
// same task from the sources, tests/support/image-thread-stand-in.mjs) is the same picture as
// drawn in place. What the threads spare the event loop is a figure, measured where the machine is
// quiet: `npm run bench:images` (/register's load time while pictures are drawn), not here, where
// other files' work shares the loop and a busy CI machine stretched the loop's time threefold.

const FACTS: TicketImageFacts = {
  eventName: "Zamfara State Youth Summit 2025",
  fullName: "Ƙasimu Ɗanladi Ɓello",
  ticketId: "ZYS-MB7K2Q1-4F9XQZ",
  date: "Talata, 12 ga Agusta 2025",
  time: "8:00 AM - 5:00 PM",
  venue: "Gidan Taro na Jiha, Gusau",
  doorCode: "ZYS-MB7K2Q1-4F9XQZ.abcdefghijklmnopqrstuv",
};
const LABELS: TicketImageLabels = {
  admission: "Admission ticket",
  name: "Name",
  ticketId: "Ticket ID",
  date: "Date",
  time: "Time",
  venue: "Venue",
  showAtDoor: "Show this QR code (or your ticket ID) at the entrance.",
};
const people = (n: number) => Array.from({ length: n }, (_, i) => ({ ...FACTS, fullName: `${FACTS.fullName} ${i}` }));

describe("the ticket drawing pool", () => {
  afterAll(() => stopPictureThreads());

  it("draws the same pictures in its threads as in place, several at once", async () => {
    const everyone = people(3);
    const inPlace = await Promise.all(everyone.map((facts) => ticketPng(facts, LABELS)));

    drawPicturesInThreads(path.resolve("tests/support/image-thread-stand-in.mjs"));
    const inThreads = await Promise.all(everyone.map((facts) => drawTicketPng(facts, LABELS)));
    expect(inThreads.map((png, i) => png.equals(inPlace[i] as Buffer))).toEqual([true, true, true]);
    // Different people, different pictures: the threads did not hand one back three times.
    expect(new Set(inThreads.map((png) => png.toString("base64"))).size).toBe(3);
  });
});
