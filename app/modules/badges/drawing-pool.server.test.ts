import path from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, describe, expect, it } from "vitest";
import { drawPicturesInThreads, drawTicketPng, stopPictureThreads } from "./drawing-pool.server";
import { type TicketImageFacts, type TicketImageLabels, ticketPng } from "./ticket-image.server";

// The saved ticket drawn in the pool's threads (server/image-thread.js in production; here the
// same task from the sources, tests/support/image-thread-stand-in.mjs): the same picture as
// drawn in place, while the event loop that answers requests stays free.

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

/** The event loop's busy milliseconds while `work` runs. */
async function busyMs(work: () => Promise<unknown>): Promise<number> {
  const start = performance.eventLoopUtilization();
  await work();
  return performance.eventLoopUtilization(start).active;
}

describe("the ticket drawing pool", () => {
  afterAll(() => stopPictureThreads());

  it("draws the same picture in its threads as in place, without keeping the event loop busy", async () => {
    const here = await ticketPng(FACTS, LABELS);
    const inPlace = await busyMs(() => Promise.all(people(3).map((facts) => drawTicketPng(facts, LABELS))));

    drawPicturesInThreads(path.resolve("tests/support/image-thread-stand-in.mjs"));
    // The first picture also starts the thread (and compiles the sources in it).
    expect((await drawTicketPng(FACTS, LABELS)).equals(here)).toBe(true);
    const inThreads = await busyMs(() => Promise.all(people(3).map((facts) => drawTicketPng(facts, LABELS))));
    // Drawn here, the layout alone keeps the loop busy tens of milliseconds a picture; in the
    // pool the loop only hands the work over and takes the bytes back.
    expect(inThreads).toBeLessThan(inPlace / 2);
  });
});
