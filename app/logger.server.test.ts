import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions, scrubText } from "./logger.server";

// The logger's defence in depth: whatever a call passes, the line written carries no
// address, phone number, name from a query's values, or ticket token.

function capture() {
  const lines: string[] = [];
  const log = pino(loggerOptions("info"), { write: (line: string) => lines.push(line) });
  return { log, text: () => lines.join("") };
}

describe("logger", () => {
  it("drops a failed query's values and a database error's detail, and scrubs addresses from messages", () => {
    const { log, text } = capture();
    const error = new Error("Failed query: insert into attendees values ($1, $2, $3)\nparams: amina@example.ng,Amina Yusuf,+2348031234567");
    (error as Error & { cause?: unknown }).cause = Object.assign(new Error("duplicate key value"), {
      detail: "Key (lower(trim(email)))=(amina@example.ng) already exists.",
      code: "23505",
    });
    log.error({ err: error }, "registration failed");
    const line = text();
    expect(line).not.toContain("amina@example.ng");
    expect(line).not.toContain("Amina Yusuf");
    expect(line).not.toContain("2348031234567");
    expect(line).toContain("23505");
    expect(line).toContain("registration failed");
  });

  it("redacts personal keys a call passes, one level deep too", () => {
    const { log, text } = capture();
    log.info({ email: "a@b.ng", phone: "+2348031234567", fullName: "Ɗanladi Ƙasimu", about: { to: "c@d.ng", token: "T-1.sig" } }, "m");
    const line = text();
    for (const secret of ["a@b.ng", "2348031234567", "Ɗanladi", "c@d.ng", "T-1.sig"]) expect(line).not.toContain(secret);
  });

  it("keeps the token out of ticket and waitlist URLs and SMTP replies", () => {
    const { log, text } = capture();
    log.error({ url: "http://127.0.0.1/tickets/ZYS-ABC.sig_nature-22chars?x=1" }, "rendering failed");
    log.warn({ sendError: "550 5.1.1 <victim@example.com>: Recipient address rejected" }, "mail not sent");
    const line = text();
    expect(line).toContain("/tickets/[token]");
    expect(line).not.toContain("ZYS-ABC");
    expect(line).not.toContain("victim@example.com");
  });

  it("scrubText leaves ids and plain words alone", () => {
    const id = "0b0f6f0e-6c4a-4d8e-9a54-1f2d3c4b5a69";
    expect(scrubText(`mail ${id} sent`)).toBe(`mail ${id} sent`);
    expect(scrubText("/waitlist/abc.def/leave")).toBe("/waitlist/[token]/leave");
    expect(scrubText("GET /ticket-image/ZYS-AB12-CD34EF~abc123.1xyz?lang=ha")).toBe("GET /ticket-image/[token]?lang=ha");
  });
});
