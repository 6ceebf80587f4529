import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { audit_log } from "~/db/schema";
import { TEXT_MESSAGES } from "~/db/text";
import { translator } from "~/i18n/translate.server";
import type { FieldChange } from "~/modules/audit/changes";
import { createAdmin } from "~/modules/auth/accounts.server";
import { concludedWithPeople } from "~/modules/editions/edition-state.server";
import { localizedSettings } from "./localized-settings";
import { defaultObjectivesText, OBJECTIVE_MAX_LENGTH, OBJECTIVES_MAX, parseObjectives } from "./objectives";
import { saveSettings } from "./save-settings.server";
import { settingsSchema } from "./schemas";
import { getSettings, updateSettings } from "./settings.server";
import { SettingsForm } from "./settings-form";
import { settingsFormPage } from "./settings-page.server";

// The landing page's objectives as organisers write them in Event Settings: one a line, in
// English and Hausa, within OBJECTIVES_MAX lines of OBJECTIVE_MAX_LENGTH, the same rule in the
// browser and on the server; a refused form comes back as typed.

const form = (overrides: Record<string, string> = {}) => {
  const body = new FormData();
  const fields: Record<string, string> = {
    event_name: "Zamfara Youth Summit 2026",
    event_date: "2026-12-23",
    event_starts_at: "09:00:00",
    event_ends_at: "16:00:00",
    venue: "Conference Hall, Gusau",
    about: "A day of dialogue.",
    contact_email: "hello@example.org",
    max_attendees: "300",
    waitlist_offer_hours: "48",
    organiser_name: "Zamfara State Ministry of Youth",
    retention_days: "30",
    guest_of_honor_name: "His Excellency",
    hold_network_per_minute: "25",
    hold_domain_per_10_minutes: "30",
    hold_overall_per_minute: "120",
    held_expiry_hours: "12",
    feedback_days: "21",
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) if (value !== "") body.set(key, value);
  return body;
};
const parse = (overrides: Record<string, string>) => parseWithZod(form(overrides), { schema: settingsSchema });
const errorsOf = (overrides: Record<string, string>) => {
  const submission = parse(overrides);
  return (submission.status === "error" ? submission.error : null) ?? {};
};
const lines = (count: number, prefix = "Objective") =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}: what it means`).join("\n");

// The form as the settings page renders it after a refused post (the route's actionData.result).
type Props = Parameters<typeof SettingsForm>[0];
const emptyDefaults = new Proxy({} as Props["defaults"], { get: (_target, key) => (key === "translations" ? undefined : "") });
let lastResult: Props["lastResult"];
function RefusedForm() {
  return <SettingsForm defaults={emptyDefaults} lastResult={lastResult} registered={0} objectivesPlaceholder="Peacebuilding: …" />;
}
const Stub = createRoutesStub([{ path: "/", Component: RefusedForm }]);

const HAUSA = "Ɗaukar nauyi: Ƙwarewa ga kowane matashi, ƴaƴa da ɓangarori, al\u02BCumma";

describe("the objectives' field", () => {
  it("takes up to 8 lines of up to 160 characters, in English and in Hausa; blank lines do not count", () => {
    const ok = parse({ objectives: `${lines(OBJECTIVES_MAX)}\n\n   \n`, "translations.ha.objectives": lines(OBJECTIVES_MAX, "Manufa") });
    expect(ok.status).toBe("success");
    expect(errorsOf({ objectives: `Peace: ${"x".repeat(OBJECTIVE_MAX_LENGTH - 7)}` })).not.toHaveProperty("objectives");
  });

  it("refuses a ninth objective or a line too long, in either language, saying which", () => {
    expect(errorsOf({ objectives: lines(9) }).objectives).toEqual(["Please keep to 8 objectives, one a line (there are 9)"]);
    expect(errorsOf({ objectives: `Peace: short\nDialogue: ${"x".repeat(160)}` }).objectives).toEqual([
      "Objective 2 is 170 characters long: please keep each line to 160",
    ]);
    expect(errorsOf({ "translations.ha.objectives": lines(9, "Manufa") })).toEqual({
      "translations.ha.objectives": ["Please keep to 8 objectives, one a line (there are 9)"],
    });
  });

  it("refuses a NUL (the stored-text rule) and keeps the Hausa letters and the glottal apostrophe as typed", () => {
    expect(errorsOf({ objectives: "Peace\u0000: dialogue" }).objectives).toEqual([TEXT_MESSAGES.controlCharacter]);
    expect(errorsOf({ "translations.ha.objectives": "Zaman\u0000 lafiya" })).toEqual({
      "translations.ha.objectives": [TEXT_MESSAGES.controlCharacter],
    });
    const kept = parse({ objectives: "Peace: dialogue", "translations.ha.objectives": ` ${HAUSA} ` });
    expect(kept.status === "success" && kept.value.translations).toEqual({ ha: { objectives: HAUSA } });
  });

  it("comes back as typed with its message when refused, without JavaScript as with it", () => {
    const typed = `${lines(9)}\nƊan Fodio: ƙ ƴ ɓ al\u02BCumma`;
    const submission = parse({ objectives: typed });
    expect(submission.status).toBe("error");
    lastResult = submission.reply();
    const html = renderToString(<Stub />);
    const textarea = /<textarea[^>]*name="objectives"[^>]*>([^<]*)<\/textarea>/.exec(html);
    expect(textarea?.[0]).toContain('placeholder="Peacebuilding: …"');
    expect(textarea?.[1]?.replace(/&#x27;/g, "'").trim()).toBe(typed);
    expect(html).toContain("Please keep to 8 objectives, one a line (there are 10)");
    expect(html).toContain("Clear the box to have them back");
  });

  it("reads 'Title: what it means' a line; a line without a colon is a title; empty is the site's own", () => {
    expect(parseObjectives("  \n\n")).toBeNull();
    expect(parseObjectives(" Peace: Dialogue: open and honest \n\nJobs\n")).toEqual([
      { title: "Peace", text: "Dialogue: open and honest" },
      { title: "Jobs", text: "" },
    ]);
  });
});

describe("saving the objectives", () => {
  let database: DbConnection;
  let actor: { id: string; email: string };
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    actor = await createAdmin(database.db, { email: "objectives@example.org", password: "a long enough password" });
    await updateSettings(database.db, { event_date: "2026-12-23", event_starts_at: "09:00:00", event_ends_at: "16:00:00" });
  });
  afterAll(async () => database?.close());

  const save = async (overrides: Record<string, string>) => {
    const submission = parse(overrides);
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    return saveSettings(database.db, actor, submission.value, { keepsItsDate: concludedWithPeople });
  };

  it("saves them in English and Hausa, records the change in the organisers' words, and clearing gives the defaults back", async () => {
    const { db } = database;
    expect((await getSettings(db)).objectives).toBe("");
    expect(await save({ objectives: "Peace: Dialogue\nJobs: Skills", "translations.ha.objectives": HAUSA })).toEqual({ ok: true });
    const saved = await getSettings(db);
    expect(saved.objectives).toBe("Peace: Dialogue\nJobs: Skills");
    expect(localizedSettings(saved, "ha").objectives).toBe(HAUSA);
    expect(localizedSettings(saved, "en").objectives).toBe("Peace: Dialogue\nJobs: Skills");
    const [entry] = await db.select().from(audit_log).where(eq(audit_log.action, "settings.update"));
    const changes = (entry?.details as { changes?: FieldChange[] } | undefined)?.changes ?? [];
    expect(changes).toContainEqual({ field: "objectives", label: "Objectives", from: "", to: "Peace: Dialogue\nJobs: Skills" });

    // Cleared: '' again, which the landing page reads as its own objectives.
    expect(await save({})).toEqual({ ok: true });
    const cleared = await getSettings(db);
    expect(cleared.objectives).toBe("");
    expect(cleared.translations).toEqual({});
  });

  it("puts the site's own in the boxes to edit in place; sent back untouched they stay the site's own, with no change recorded", async () => {
    const { db } = database;
    const page = (await settingsFormPage(db)) as unknown as { data: { defaults: Record<string, unknown> } };
    const { objectives, translations } = page.data.defaults as { objectives: string; translations: { ha?: { objectives?: string } } };
    expect(objectives).toBe(defaultObjectivesText(translator("en")));
    expect(objectives).toMatch(/^Peacebuilding: /);
    expect(translations.ha?.objectives).toBe(defaultObjectivesText(translator("ha")));
    const before = await db.select().from(audit_log);

    // Sent back as shown, with a stray space and a blank line: the site's own, nothing recorded.
    expect(await save({ objectives: ` ${objectives}\n\n`, "translations.ha.objectives": translations.ha?.objectives ?? "" })).toEqual({
      ok: true,
    });
    const kept = await getSettings(db);
    expect(kept.objectives).toBe("");
    expect(localizedSettings(kept, "ha").objectives).toBe("");
    const entries = (await db.select().from(audit_log)).slice(before.length);
    expect(entries.flatMap((e) => (e.details as { changes?: FieldChange[] }).changes ?? [])).toEqual([]);

    // One word changed in place: that is the organisers' own text now.
    const edited = objectives.replace("Peacebuilding", "Peace");
    expect(await save({ objectives: edited })).toEqual({ ok: true });
    expect((await getSettings(db)).objectives).toBe(edited);
  });
});
