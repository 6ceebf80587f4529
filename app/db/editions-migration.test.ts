import { describe, expect, it } from "vitest";
import { type Exec, upgradeThrough } from "#tests/support/migrated-database.ts";
import { DATABASE_KINDS } from "#tests/support/test-database.ts";

// The editions migration (0019) over a database built at the schema before it, with data of
// every kind written as the site wrote it then: nothing is lost or moved, everything becomes
// the First edition, and what is written afterwards is stamped with the current edition.

const EDITIONS_TAG = "0019_editions";

const ROWS_BEFORE = `
  insert into attendees (id, full_name, email, phone, gender, state, local_government, ticket_id)
    values ('11111111-1111-4111-8111-111111111111', 'Ɗanlami Ƙaura', 'dan@example.org', '+2348030000001', 'male', 'Zamfara', 'Gusau', 'ZYS-MIG1-AAAAAA'),
           ('22222222-2222-4222-8222-222222222222', 'Aisha Bello', 'aisha@example.org', '+2348030000002', 'female', 'Kano', 'Fagge', 'ZYS-MIG2-BBBBBB');
  insert into check_ins (attendee_id) values ('11111111-1111-4111-8111-111111111111');
  insert into cancelled_registrations (id, full_name, email, phone, gender, ticket_id, registered_at)
    values ('33333333-3333-4333-8333-333333333333', 'Gone Person', 'gone@example.org', '+2348030000003', 'other', 'ZYS-MIG3-CCCCCC', now());
  insert into waitlist (full_name, email, phone, gender) values ('Waiting Person', 'wait@example.org', '+2348030000004', 'female');
  insert into mail_outbox (to_address, subject, html, text, kind) values ('dan@example.org', 'Your ticket', '<p>t</p>', 't', 'ticket');
  insert into audit_log (admin_email, action, entity) values ('System', 'settings.update', 'event_settings');
  insert into speakers (name, title) values ('Hajiya Amina', 'Keynote');
  insert into retained_stats (kind, key, count) values ('total', '', 7);
`;

const COUNTED = ["attendees", "check_ins", "cancelled_registrations", "waitlist", "mail_outbox", "audit_log", "speakers", "retained_stats"];

async function counts(exec: Exec) {
  const result: Record<string, number> = {};
  for (const table of COUNTED) result[table] = Number((await exec(`select count(*)::int as n from ${table}`)).rows[0]?.n);
  return result;
}

async function expectMigratedWell(exec: Exec, before: Record<string, number>) {
  expect(await counts(exec)).toEqual(before);
  expect((await exec("select id, name, translations, archived_at from editions")).rows).toEqual([
    { id: 1, name: "First edition", translations: { ha: { name: "Zagaye na farko" } }, archived_at: null },
  ]);
  expect((await exec("select edition_id, registered_count from event_settings")).rows).toEqual([{ edition_id: 1, registered_count: 2 }]);
  expect((await exec("select distinct edition_id from mail_outbox")).rows).toEqual([{ edition_id: 1 }]);
  expect((await exec("select distinct edition_id from audit_log")).rows).toEqual([{ edition_id: 1 }]);
  expect((await exec("select full_name from attendees order by full_name")).rows.map((r) => r.full_name)).toEqual([
    "Aisha Bello",
    "Ɗanlami Ƙaura",
  ]);
  // Written afterwards, by code that knows nothing of editions: stamped with the current one.
  await exec("update event_settings set edition_id = 1");
  await exec("insert into audit_log (admin_email, action, entity) values ('System', 'after', 'x')");
  expect((await exec("select edition_id from audit_log where action = 'after'")).rows).toEqual([{ edition_id: 1 }]);
}

describe.each(DATABASE_KINDS)("the editions migration on %s", (kind) => {
  it("makes everything so far the First edition, losing nothing", async () => {
    await upgradeThrough(kind, EDITIONS_TAG, {
      rowsBefore: ROWS_BEFORE,
      before: counts,
      check: async (exec, had) => {
        if (!had) throw new Error("the counts before the migration are missing");
        await expectMigratedWell(exec, had);
        // The migrated database works as a fresh one does: the editions' own table is there to read.
        expect((await exec("select count(*)::int as n from past_registrations")).rows).toEqual([{ n: 0 }]);
      },
    });
  });
});
