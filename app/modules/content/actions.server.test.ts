import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { agenda, audit_log, media, partners, speakers, special_guests } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { contentListAction, saveContent } from "./actions.server";
import { listAgenda, listPartners, listSpeakers } from "./content.server";
import { landingPage } from "./landing-page.server";
import { getPublicContent } from "./public-content.server";

// The content screens' actions as the browser posts to them: multipart forms with
// photos, and the list's small forms. What a user sees is the response: a redirect
// (with its toast) or the form's errors with what was typed.

const photo = (colour: number) =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: { r: colour, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

function post(fields: Record<string, string | string[]>, files: Record<string, { bytes: Buffer; type: string; name: string }> = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  for (const [key, file] of Object.entries(files)) body.append(key, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request("http://127.0.0.1/admin/speakers/new", { method: "POST", body });
}

function listForm(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return body;
}

type Reply = {
  data: { result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> }; toast?: { title: string } };
  init?: { status?: number };
};
const asReply = (value: unknown) => value as Reply;

describe.each(DATABASE_KINDS)("content actions on %s", (kind) => {
  let database: DbConnection;
  let actor: { id: string; email: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    actor = await createAdmin(database.db, { email: `content-${kind}@example.org`, password: "a long enough password" });
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [agenda, speakers, special_guests, partners, media]) await database.db.delete(table);
  });

  it("adds a speaker with a photo, audited, and the landing content follows at once", async () => {
    const { db } = database;
    await getPublicContent(db); // warm the cache: the save must drop it
    const response = await saveContent(
      db,
      actor,
      "speaker",
      post(
        { name: "Ƙasimu Ɗanjuma 🎤", title: "Youth lead", speaker_type: "Keynote", bio: "<script>x</script>" },
        {
          image_file: { bytes: await photo(10), type: "image/jpeg", name: "me.jpg" },
        },
      ),
      null,
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe("/admin/speakers");
    const [row] = await listSpeakers(db);
    expect(row).toMatchObject({ name: "Ƙasimu Ɗanjuma 🎤", speaker_type: "Keynote", bio: "<script>x</script>", order_index: 1 });
    expect(row?.image_url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    expect((await getPublicContent(db)).speakers.map((s) => s.name)).toEqual(["Ƙasimu Ɗanjuma 🎤"]);
    const audit = await db.select().from(audit_log).where(eq(audit_log.entity_id, row!.id));
    expect(audit.map((a) => a.action)).toEqual(["speaker.create"]);
  });

  it("returns the errors with what was typed, keeping a valid photo for the next try", async () => {
    const { db } = database;
    const reply = asReply(
      await saveContent(
        db,
        actor,
        "speaker",
        post(
          { name: "Ada", title: "", bio: "x".repeat(10_000) },
          {
            image_file: { bytes: await photo(20), type: "image/jpeg", name: "ada.jpg" },
          },
        ),
        null,
      ),
    );
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result?.error).toMatchObject({
      title: ["Please fill in all required fields"],
      bio: ["Please keep this under 2000 characters"],
    });
    expect(reply.data.result?.initialValue).toMatchObject({ name: "Ada" });
    expect(String(reply.data.result?.initialValue?.image_url)).toMatch(/^\/media\//);
    expect(reply.data.toast?.title).toBe("Speaker not saved: please check the fields marked below.");
    expect(await listSpeakers(db)).toEqual([]);
  });

  it("refuses a file that is not a usable image, with the product's message, and saves nothing", async () => {
    const { db } = database;
    const reply = asReply(
      await saveContent(
        db,
        actor,
        "partner",
        post(
          { name: "Acme" },
          {
            logo_file: { bytes: Buffer.from("<html><script>alert(1)</script></html>"), type: "image/jpeg", name: "logo.jpg" },
          },
        ),
        null,
      ),
    );
    expect(reply.data.result?.error).toMatchObject({ logo_url: ["This file is not a picture. Please choose a JPEG, PNG or WebP photo."] });
    expect(reply.data.toast?.title).toBe("Partner not saved: please check the fields marked below.");
    expect(await listPartners(db)).toEqual([]);
    expect(await db.select({ id: media.id }).from(media)).toEqual([]);
  });

  it("replacing or deleting a photo removes the old image at once unless something else shows it", async () => {
    const { db } = database;
    const first = await photo(30);
    await saveContent(
      db,
      actor,
      "speaker",
      post({ name: "A", title: "T" }, { image_file: { bytes: first, type: "image/jpeg", name: "a.jpg" } }),
      null,
    );
    const [a] = await listSpeakers(db);
    // A second speaker with the same picture shares the stored image.
    await saveContent(db, actor, "speaker", post({ name: "B", title: "T", image_url: a!.image_url }), null);
    const [, b] = await listSpeakers(db);
    expect(b?.image_url).toBe(a?.image_url);

    await saveContent(
      db,
      actor,
      "speaker",
      post({ name: "A", title: "T" }, { image_file: { bytes: await photo(200), type: "image/jpeg", name: "new.jpg" } }),
      a!.id,
    );
    expect(await db.select({ id: media.id }).from(media)).toHaveLength(2); // B still shows the first picture

    await contentListAction(db, actor, "speaker", listForm({ intent: "delete", id: b!.id }), "/admin/speakers");
    const [remaining] = await listSpeakers(db);
    const left = await db.select({ id: media.id }).from(media);
    expect(left.map((m) => `/media/${m.id}.webp`)).toEqual([remaining!.image_url]);
  });

  it("an edit of an item deleted meanwhile says so instead of recreating it", async () => {
    const { db } = database;
    const response = (await saveContent(db, actor, "partner", post({ name: "Gone" }), "00000000-0000-4000-8000-000000000000")) as Response;
    expect(response.status).toBe(302);
    expect(await listPartners(db)).toEqual([]);
  });

  it("moves and reorders with audit entries; a stale or malformed form changes nothing it should not", async () => {
    const { db } = database;
    for (const title of ["A", "B", "C"]) await saveContent(db, actor, "agenda", post({ time: "9:00 AM", title }), null);
    const [a, b, c] = await listAgenda(db);
    const moved = (await contentListAction(
      db,
      actor,
      "agenda",
      listForm({ intent: "move", id: c!.id, direction: "up" }),
      "/admin/agenda",
    )) as Response;
    // Back to the moved item, carrying the order before it for Undo.
    expect(moved.headers.get("Location")).toBe(`/admin/agenda?reordered=${a!.id},${b!.id},${c!.id}#item-${c!.id}`);
    expect((await listAgenda(db)).map((i) => i.title)).toEqual(["A", "C", "B"]);

    const reordered = asReply(
      await contentListAction(db, actor, "agenda", listForm({ intent: "reorder", ids: [b!.id, a!.id, "junk", c!.id] }), "/admin/agenda"),
    );
    expect(reordered.data).toMatchObject({ ok: true, previous: [a!.id, c!.id, b!.id] });
    expect((await listAgenda(db)).map((i) => `${i.order_index}:${i.title}`)).toEqual(["1:B", "2:A", "3:C"]);

    // Undo: the order sent back, and the page told so.
    const restored = (await contentListAction(
      db,
      actor,
      "agenda",
      listForm({ intent: "restore", ids: [a!.id, c!.id, b!.id] }),
      "/admin/agenda",
    )) as Response;
    expect(restored.headers.get("Location")).toBe("/admin/agenda?restored=1");
    expect((await listAgenda(db)).map((i) => i.title)).toEqual(["A", "C", "B"]);

    const actions = (await db.select({ action: audit_log.action }).from(audit_log)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["agenda_item.move", "agenda_item.reorder", "agenda_item.undo"]));
    await expect(
      contentListAction(db, actor, "agenda", listForm({ intent: "move", id: a!.id, direction: "sideways" }), "/admin/agenda"),
    ).rejects.toMatchObject({
      init: { status: 400 },
    });
  });

  it("sorts the agenda by its times, leaving an unreadable time after the item it followed; only the agenda", async () => {
    const { db } = database;
    for (const [title, time] of [
      ["Lunch", "12:30 PM - 1:30 PM"],
      ["Networking", "Afterwards"],
      ["Opening", "8:00 AM"],
    ] as const)
      await saveContent(db, actor, "agenda", post({ time, title }), null);
    const sorted = (await contentListAction(db, actor, "agenda", listForm({ intent: "sort-time" }), "/admin/agenda")) as Response;
    expect(sorted.headers.get("Location")).toMatch(/^\/admin\/agenda\?reordered=/);
    expect((await listAgenda(db)).map((i) => i.title)).toEqual(["Opening", "Lunch", "Networking"]);
    await expect(contentListAction(db, actor, "partner", listForm({ intent: "sort-time" }), "/admin/partners")).rejects.toMatchObject({
      init: { status: 400 },
    });
  });

  it("a deleted speaker's agenda items stay, showing the name they had", async () => {
    const { db } = database;
    await saveContent(db, actor, "speaker", post({ name: "Hauwa Ɓello", title: "Chair" }), null);
    const [speaker] = await listSpeakers(db);
    await saveContent(db, actor, "agenda", post({ time: "10:00 AM", title: "Panel", speaker_id: speaker!.id }), null);
    await contentListAction(db, actor, "speaker", listForm({ intent: "delete", id: speaker!.id }), "/admin/speakers");
    const [item] = await listAgenda(db);
    expect(item).toMatchObject({ title: "Panel", speaker_id: null, speaker_name: "Hauwa Ɓello" });
  });

  it("saves a speaker's Hausa title and bio; Hausa readers see them, English readers the English; clearing removes them", async () => {
    const { db } = database;
    const english = { name: "Hauwa Ɓello", title: "Youth lead", speaker_type: "Keynote", bio: "Works with young farmers." };
    await saveContent(
      db,
      actor,
      "speaker",
      post({ ...english, "translations.ha.title": "Shugabar matasa", "translations.ha.bio": " Tana aiki da manoma matasa. " }),
      null,
    );
    const [saved] = await listSpeakers(db);
    expect(saved?.translations).toEqual({ ha: { title: "Shugabar matasa", bio: "Tana aiki da manoma matasa." } });
    const shown = async (language: "en" | "ha") => (await landingPage(db, null, language)).speakers.map((s) => [s.name, s.title, s.bio]);
    expect(await shown("ha")).toEqual([["Hauwa Ɓello", "Shugabar matasa", "Tana aiki da manoma matasa."]]);
    expect(await shown("en")).toEqual([["Hauwa Ɓello", "Youth lead", "Works with young farmers."]]);

    // The edit form posts what it shows: the bio's Hausa version emptied, the title's kept.
    await saveContent(
      db,
      actor,
      "speaker",
      post({ ...english, "translations.ha.title": "Shugabar matasa", "translations.ha.bio": "" }),
      saved!.id,
    );
    expect((await listSpeakers(db))[0]?.translations).toEqual({ ha: { title: "Shugabar matasa" } });
    expect(await shown("ha")).toEqual([["Hauwa Ɓello", "Shugabar matasa", "Works with young farmers."]]);
    await saveContent(db, actor, "speaker", post(english), saved!.id);
    expect((await listSpeakers(db))[0]?.translations).toEqual({});
  });

  it("a too long Hausa version comes back with its error and everything typed, and nothing is saved", async () => {
    const { db } = database;
    const reply = asReply(
      await saveContent(
        db,
        actor,
        "specialGuest",
        post({ name: "Dr. Grace", title: "Envoy", "translations.ha.title": "Jakada", "translations.ha.bio": "x".repeat(2001) }),
        null,
      ),
    );
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result?.error).toEqual({ "translations.ha.bio": ["Please keep this under 2000 characters"] });
    expect(reply.data.result?.initialValue).toMatchObject({ name: "Dr. Grace", translations: { ha: { title: "Jakada" } } });
    expect(await db.select().from(special_guests)).toEqual([]);
  });

  it("an agenda item's Hausa title and description show to Hausa readers; the time and the speaker's name do not change", async () => {
    const { db } = database;
    await saveContent(
      db,
      actor,
      "agenda",
      post({
        time: "9:00 AM",
        title: "Opening",
        speaker_name: "Hauwa Ɓello",
        description: "Welcome address.",
        "translations.ha.title": "Buɗewa",
        "translations.ha.description": "Jawabin maraba.",
      }),
      null,
    );
    const item = (language: "en" | "ha") => landingPage(db, null, language).then((page) => page.agenda[0]);
    expect(await item("ha")).toMatchObject({ time: "9:00 AM", title: "Buɗewa", description: "Jawabin maraba.", speaker: "Hauwa Ɓello" });
    expect(await item("en")).toMatchObject({ title: "Opening", description: "Welcome address." });
  });

  it("the database keeps translations an object, whatever writes them", async () => {
    const { db } = database;
    await expect(db.insert(speakers).values({ name: "A", title: "T", translations: ["ha"] as never })).rejects.toThrow();
    await expect(db.execute(sql`insert into agenda (time, title, translations) values ('9', 'T', '"ha"'::jsonb)`)).rejects.toThrow();
    const [row] = await db.insert(special_guests).values({ name: "B", title: "T" }).returning();
    expect(row?.translations).toEqual({});
  });
});
