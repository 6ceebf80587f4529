import { describe, expect, it } from "vitest";
import { type Exec, upgradeThrough } from "#tests/support/migrated-database.ts";
import { DATABASE_KINDS } from "#tests/support/test-database.ts";

// The settings row's migrations (0030 on) over a database built at the schema before each, with
// the settings as the site wrote them then: the jobs' marks become job_runs, a job done stays done;
// the event's free-text time becomes its start and end times, on the settings row and the editions.

const FIRST_TAG = "0030_job_runs";
const EVENT_HOURS_TAG = "0031_event_hours";

const SETTINGS_BEFORE = `
  update event_settings set event_date = '2026-12-24', auto_reminder_sent_for = '2026-12-24',
    personal_data_purged_for = '2026-08-12', certificates_sent_for = null;
`;

async function expectMigratedWell(exec: Exec) {
  expect((await exec("select job, event_date::text as event_date from job_runs order by job")).rows).toEqual([
    { job: "auto-reminder", event_date: "2026-12-24" },
    { job: "personal-data-purge", event_date: "2026-08-12" },
  ]);
  const columns = await exec("select column_name from information_schema.columns where table_name = 'event_settings'");
  const names = columns.rows.map((row) => row.column_name);
  for (const gone of ["auto_reminder_sent_for", "personal_data_purged_for", "certificates_sent_for"]) expect(names).not.toContain(gone);
}

// Archived editions as "Start the Next Edition" wrote them, each with the time typed then.
const HOURS_BEFORE = `
  update event_settings set event_time = '9am – 4:30 pm';
  insert into editions (id, name, event_date, event_time, archived_at, figures, content, retention_days)
    values (2, 'Typed as the default', '2024-08-12', '8:00 AM - 5:00 PM', now(), '{}', '{}', 90),
           (3, 'Twenty-four hours', '2023-08-12', '09:00 - 16:00', now(), '{}', '{}', 90),
           (4, 'No time in it', '2022-08-12', 'All day', now(), '{}', '{}', 90);
`;

async function expectHoursMigrated(exec: Exec) {
  expect((await exec("select event_starts_at::text as starts, event_ends_at::text as ends from event_settings")).rows).toEqual([
    { starts: "09:00:00", ends: "16:30:00" },
  ]);
  expect((await exec("select id, event_starts_at::text as starts, event_ends_at::text as ends from editions order by id")).rows).toEqual([
    // The running edition had no text: it keeps the defaults until it is archived.
    { id: 1, starts: "08:00:00", ends: "17:00:00" },
    { id: 2, starts: "08:00:00", ends: "17:00:00" },
    { id: 3, starts: "09:00:00", ends: "16:00:00" },
    // Unreadable: the hours the site assumed for it, 8:00 AM - 5:00 PM.
    { id: 4, starts: "08:00:00", ends: "17:00:00" },
  ]);
  const columns = await exec("select table_name from information_schema.columns where column_name = 'event_time'");
  expect(columns.rows).toEqual([]);
  expect((await exec("select count(*)::int as n from pg_proc where proname = 'event_hours_from_text'")).rows).toEqual([{ n: 0 }]);
}

describe.each(DATABASE_KINDS)("the event hours migration on %s", (kind) => {
  it("turns the typed time into a start and an end", async () => {
    await upgradeThrough(kind, EVENT_HOURS_TAG, { rowsBefore: HOURS_BEFORE, check: expectHoursMigrated });
  });
});

describe.each(DATABASE_KINDS)("the settings migrations on %s", (kind) => {
  it("keeps every job done as done", async () => {
    await upgradeThrough(kind, FIRST_TAG, { rowsBefore: SETTINGS_BEFORE, check: expectMigratedWell });
  });
});

// 0033: a site in use counts as set up; a fresh install's untouched row does not (the public site
// then says "coming soon").
const SET_UP_TAG = "0033_set_up";
const setUp = async (exec: Exec) =>
  (await exec("select first_saved_at is not null as set_up from event_settings")).rows.map((row) => row.set_up);

describe.each(DATABASE_KINDS)("the set-up migration on %s", (kind) => {
  it("marks a fresh install's row as not set up", async () => {
    await upgradeThrough(kind, SET_UP_TAG, { rowsBefore: "select 1", check: async (exec) => expect(await setUp(exec)).toEqual([false]) });
  });

  it("marks a site whose settings were saved as set up, and one with content though never saved", async () => {
    const saved = "update event_settings set event_name = 'Gusau Summit', updated_at = created_at + interval '3 days'";
    await upgradeThrough(kind, SET_UP_TAG, { rowsBefore: saved, check: async (exec) => expect(await setUp(exec)).toEqual([true]) });
    const content = "insert into partners (name, logo_url, website_url) values ('Ɗan Partner', '', '')";
    await upgradeThrough(kind, SET_UP_TAG, { rowsBefore: content, check: async (exec) => expect(await setUp(exec)).toEqual([true]) });
  });
});
