import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { mail_outbox } from "~/db/schema";
import { maskEmail, phoneOnFile } from "./phone-on-file.server";
import { RESEND_LIMIT_PER_HOUR, resendTicketsToPhone } from "./resend.server";

// "This phone number is already registered": what the form may show of the registrations with
// the number typed, and "Send my ticket again" to each of them, within "Lost your ticket?"'s limits.

describe("maskEmail", () => {
  it.each([
    ["sani.garba@gmail.com", "s***@gmail.com"],
    ["a@yahoo.com", "a***@yahoo.com"],
    ["ƙasimu@example.ng", "ƙ***@example.ng"],
    ["😀x@example.org", "😀***@example.org"],
    ["odd", "***"],
    ["@nolocal.example", "***"],
  ])("%j reads %j", (email, masked) => expect(maskEmail(email)).toBe(masked));
});

describe.each(DATABASE_KINDS)("a phone number already registered, on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("is found however it is typed, masked, and not when the address typed is the registration's own", async () => {
    const { db } = database;
    await createAttendee(db, { email: "sani.garba@gmail.com", phone: "+2348031230001" });
    await createAttendee(db, { email: "hauwa@yahoo.com", phone: "+2348031230001" });
    for (const typed of ["0803 123 0001", "+234 0803 123 0001", "8031230001", "+2348031230001"]) {
      expect(await phoneOnFile(db, typed, "someone@else.example"), typed).toEqual({ emails: ["s***@gmail.com", "h***@yahoo.com"] });
    }
    expect(await phoneOnFile(db, "0803 123 0001", " SANI.Garba@gmail.com ")).toBeNull();
    expect(await phoneOnFile(db, "0803 123 0002", "someone@else.example")).toBeNull();
    expect(await phoneOnFile(db, "0803'; drop table attendees;--", "x@example.com")).toBeNull();
  });

  it("sends each registration with the number its own ticket, by e-mail or by SMS, within the hourly limit", async () => {
    const { db } = database;
    const first = await createAttendee(db, { email: "musa@example.com", phone: "+2348031230003", sms_opt_in: false });
    const second = await createAttendee(db, { email: "aisha@example.com", phone: "+2348031230003" });
    const sent = (attendeeId: string) =>
      db
        .select({ to: mail_outbox.to_address, channel: mail_outbox.channel })
        .from(mail_outbox)
        .where(and(eq(mail_outbox.attendee_id, attendeeId), eq(mail_outbox.kind, "ticket-self-resend")));

    expect(await resendTicketsToPhone(db, "+2348031230003", { sms: false })).toBe("sent");
    expect(await sent(first.id)).toEqual([{ to: "musa@example.com", channel: "email" }]);
    expect(await sent(second.id)).toEqual([{ to: "aisha@example.com", channel: "email" }]);

    // By SMS to the number, though the first never ticked "Also send my ticket by SMS": asked for now.
    expect(await resendTicketsToPhone(db, "+2348031230003", { sms: true })).toBe("sent");
    expect((await sent(first.id)).map((row) => row.channel).sort()).toEqual(["email", "sms"]);
    expect((await sent(first.id)).find((row) => row.channel === "sms")?.to).toBe("+2348031230003");

    for (let i = 2; i < RESEND_LIMIT_PER_HOUR; i++) await resendTicketsToPhone(db, "+2348031230003", { sms: false });
    expect(await resendTicketsToPhone(db, "+2348031230003", { sms: false })).toBe("rate_limited");
    expect(await sent(first.id)).toHaveLength(RESEND_LIMIT_PER_HOUR);
    expect(await resendTicketsToPhone(db, "+2348031239999", { sms: false })).toBe("not_found");
  });
});
