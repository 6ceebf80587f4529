import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendeeValues } from "~/db/factories";
import { attendees, audit_log } from "~/db/schema";
import { auditLogPage, recordAudit, SELF_SERVICE_ACTOR } from "./audit.server";

// The Activity screen's words: an edit's from → to, and what the settings and a person's details
// keep beside it (the question confirmed, a lock, the marker of a change that ended the edition)
// in plain words, never a key as the code names it.

describe.each(DATABASE_KINDS)("the Activity log's words on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(audit_log);
  });

  const organiser = { id: null, email: "organiser@example.org" };
  const entry = async () => (await auditLogPage(database.db, 1)).entries[0];

  it("a settings change asked about first: the date from → to, the question confirmed, no internal marker", async () => {
    await recordAudit(database.db, organiser, {
      action: "settings.update",
      entity: "event_settings",
      details: {
        changes: [{ field: "event_date", label: "Event date", from: "Monday, 28 December 2026", to: "Sunday, 28 December 2025" }],
        confirmed: "Sunday, 28 December 2025 is 11 months ago. Is this what you meant?",
        overWhenSet: true,
      },
    });
    const { label, details } = (await entry()) ?? {};
    expect(label).toBe("Changed the event settings");
    // The change first; the rest in the database's order of the keys (jsonb's), each in words.
    expect(details?.split("; ").sort()).toEqual(
      [
        'Event date: "Monday, 28 December 2026" → "Sunday, 28 December 2025"',
        'Asked first and confirmed: "Sunday, 28 December 2025 is 11 months ago. Is this what you meant?"',
        "This change ended the edition",
      ].sort(),
    );
    expect(details).toMatch(/^Event date: /);
  });

  it("a person's details corrected and locked by an organiser, and corrected by themselves", async () => {
    await recordAudit(database.db, organiser, {
      action: "attendee.update",
      entity: "attendee",
      details: {
        ticketId: "ZYS-MB7K2Q1-4F9XQZ",
        changes: [{ field: "email", label: "E-mail", from: "a@gmial.com", to: "a@gmail.com" }],
        locked: true,
      },
    });
    const corrected = (await entry())?.details ?? "";
    expect(corrected).toMatch(/^E-mail: "a@gmial\.com" → "a@gmail\.com"; /);
    expect(corrected.split("; ").slice(1).sort()).toEqual(["Details locked against the person's own changes", "Ticket ZYS-MB7K2Q1-4F9XQZ"]);
    await database.db.delete(audit_log);
    await recordAudit(database.db, SELF_SERVICE_ACTOR, {
      action: "attendee.self-update",
      entity: "attendee",
      details: {
        ticketId: "ZYS-MB7K2Q1-4F9XQZ",
        changes: [{ field: "full_name", label: "Full name", from: "Fatima", to: "Fatima Ɗanjuma" }],
        locked: false,
      },
    });
    const self = await entry();
    expect(self?.label).toBe("A person corrected their own details");
    expect(self?.details?.split("; ")).toEqual(['Full name: "Fatima" → "Fatima Ɗanjuma"', "Details unlocked", "Ticket ZYS-MB7K2Q1-4F9XQZ"]);
  });

  it("names whom an entry is about, never by a random id, and writes its details as people read them", async () => {
    const [person] = await database.db
      .insert(attendees)
      .values(attendeeValues({ full_name: "Hauwa Ɓello" }))
      .returning();
    await recordAudit(database.db, organiser, {
      action: "checkin.undo",
      entity: "attendee",
      entityId: person?.id,
      details: {
        checkedInAt: "2026-12-19T08:15:00.000Z",
        doors: ["Main gate", "VIP entrance"],
        seen: { at_door: "Gate 2", online: false },
      },
    });
    const undone = await entry();
    expect(undone?.label).toBe("Undid a check-in");
    expect(undone?.subject).toBe(`Hauwa Ɓello (${person?.ticket_id})`);
    // 08:15 UTC is 09:15 in Lagos; lists and pairs written out, no JSON, no ISO time.
    expect(undone?.details).toContain("Checked in at: 19 Dec 2026");
    expect(undone?.details).toContain("09:15");
    expect(undone?.details).toContain("Doors: Main gate, VIP entrance");
    // (jsonb keeps an object's keys in its own order.)
    expect(undone?.details).toMatch(/Seen: (at door Gate 2, online no|online no, at door Gate 2)/);
    expect(undone?.details).not.toMatch(/[[\]{}"]|T08:15/);
    expect(JSON.stringify(undone)).not.toContain(person?.id ?? "-");

    await database.db.delete(attendees);
    expect((await entry())?.subject).toBe("A registration no longer on the list");
  });
});
