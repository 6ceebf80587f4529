import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { agenda, partners, speakers, special_guests } from "~/db/schema";
import { REQUIRED_MESSAGE } from "~/forms/field-schemas";
import {
  countSpeakers,
  createAgendaItem,
  createPartner,
  createSpeaker,
  createSpecialGuest,
  deleteAgendaItem,
  deletePartner,
  deleteSpeaker,
  deleteSpecialGuest,
  listAgenda,
  listPartners,
  listSpeakers,
  listSpecialGuests,
  updateAgendaItem,
  updatePartner,
  updateSpeaker,
  updateSpecialGuest,
} from "./content.server";
import { moveItem, reorderItems } from "./ordering.server";
import { agendaItemSchema, partnerSchema, speakerSchema, specialGuestSchema } from "./schemas";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("content schemas", () => {
  it("require speaker name and title, trimmed, with the spec's message", () => {
    for (const input of [{}, { name: "  ", title: "Dr." }, { name: "Ada", title: " " }]) {
      const result = speakerSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(messages(result)).toContain(REQUIRED_MESSAGE);
    }
  });

  it("default the speaker type to Speaker, optional fields to '' and translations to none", () => {
    expect(speakerSchema.parse({ name: " Ada ", title: " Engineer " })).toEqual({
      name: "Ada",
      title: "Engineer",
      speaker_type: "Speaker",
      bio: "",
      image_url: "",
      translations: {},
    });
  });

  it("accept the organizer and public speaker types, and nothing else", () => {
    for (const speaker_type of ["Chief Host", "Host", "Keynote", "Speaker", "Panelist", "Moderator"]) {
      expect(speakerSchema.safeParse({ name: "A", title: "B", speaker_type }).success).toBe(true);
    }
    expect(speakerSchema.safeParse({ name: "A", title: "B", speaker_type: "Special Guest" }).success).toBe(false);
  });

  it("accept our media paths and http(s) image URLs, not javascript: or data:", () => {
    for (const image_url of ["/media/abc.webp", "https://example.org/a.png"]) {
      expect(specialGuestSchema.safeParse({ name: "A", title: "B", image_url }).success).toBe(true);
    }
    for (const image_url of ["javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.example/a.png"]) {
      expect(specialGuestSchema.safeParse({ name: "A", title: "B", image_url }).success).toBe(false);
    }
  });

  it("require special guest name and title", () => {
    expect(messages(specialGuestSchema.safeParse({ name: "Guest" }))).toEqual([REQUIRED_MESSAGE]);
  });

  it("require agenda time and title; speaker and description optional", () => {
    expect(messages(agendaItemSchema.safeParse({ time: "9:00 AM" }))).toEqual([REQUIRED_MESSAGE]);
    expect(messages(agendaItemSchema.safeParse({ title: "Opening" }))).toEqual([REQUIRED_MESSAGE]);
    expect(agendaItemSchema.parse({ time: " 9:00 AM ", title: "Opening" })).toEqual({
      time: "9:00 AM",
      title: "Opening",
      speaker_id: null,
      speaker_name: "",
      description: "",
      translations: {},
    });
    expect(messages(agendaItemSchema.safeParse({ time: "9", title: "x", speaker_id: "1; drop table" }))).toEqual([
      "Please choose a speaker from the list",
    ]);
  });

  it("require a partner name; a website must be an http(s) URL when given, a bare host name completed", () => {
    expect(messages(partnerSchema.safeParse({}))).toEqual([REQUIRED_MESSAGE]);
    expect(partnerSchema.parse({ name: "Org" })).toEqual({ name: "Org", logo_url: "", website_url: "" });
    expect(partnerSchema.parse({ name: "Org", website_url: " https://example.org " }).website_url).toBe("https://example.org");
    expect(partnerSchema.parse({ name: "Org", website_url: "example.org" }).website_url).toBe("https://example.org");
    for (const website_url of ["example", "ftp://example.org", "javascript:alert(1)"]) {
      expect(partnerSchema.safeParse({ name: "Org", website_url }).success).toBe(false);
    }
  });
});

describe.each(DATABASE_KINDS)("content on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    const { db } = database;
    for (const table of [agenda, speakers, special_guests, partners]) await db.delete(table);
  });

  it("creates (appended last), lists, counts, updates and deletes speakers", async () => {
    const { db } = database;
    const first = await createSpeaker(db, speakerSchema.parse({ name: "First", title: "One", speaker_type: "Keynote" }));
    const host = await createSpeaker(db, speakerSchema.parse({ name: "Host", title: "Two", speaker_type: "Chief Host" }));
    expect(first).toMatchObject({ name: "First", speaker_type: "Keynote", bio: "", image_url: "" });
    expect((await listSpeakers(db)).map((s) => `${s.order_index}:${s.name}`)).toEqual(["1:First", "2:Host"]);
    expect(await countSpeakers(db)).toBe(2);
    expect(await countSpeakers(db, ["Keynote", "Speaker", "Panelist", "Moderator"])).toBe(1);

    const updated = await updateSpeaker(db, first.id, speakerSchema.parse({ name: "First!", title: "Uno", bio: "Bio" }));
    expect(updated).toMatchObject({ id: first.id, name: "First!", title: "Uno", bio: "Bio", speaker_type: "Speaker" });
    expect(await updateSpeaker(db, MISSING_ID, speakerSchema.parse({ name: "X", title: "Y" }))).toBeUndefined();
    expect(await updateSpeaker(db, "not-a-uuid", speakerSchema.parse({ name: "X", title: "Y" }))).toBeUndefined();

    expect((await deleteSpeaker(db, host.id))?.name).toBe("Host");
    expect(await deleteSpeaker(db, host.id)).toBeUndefined();
    expect(await deleteSpeaker(db, "nope")).toBeUndefined();
    expect(await countSpeakers(db)).toBe(1);
  });

  it("creates (appended last), lists, updates and deletes special guests", async () => {
    const { db } = database;
    const a = await createSpecialGuest(db, specialGuestSchema.parse({ name: "A", title: "Guest A" }));
    await createSpecialGuest(db, specialGuestSchema.parse({ name: "B", title: "Guest B" }));
    expect((await listSpecialGuests(db)).map((g) => g.name)).toEqual(["A", "B"]);
    expect(await updateSpecialGuest(db, a.id, specialGuestSchema.parse({ name: "A2", title: "T" }))).toMatchObject({
      id: a.id,
      name: "A2",
    });
    expect(await updateSpecialGuest(db, MISSING_ID, specialGuestSchema.parse({ name: "A2", title: "T" }))).toBeUndefined();
    expect((await deleteSpecialGuest(db, a.id))?.id).toBe(a.id);
    expect((await listSpecialGuests(db)).map((g) => g.name)).toEqual(["B"]);
  });

  it("creates (appended last), lists, updates and deletes partners", async () => {
    const { db } = database;
    const a = await createPartner(db, partnerSchema.parse({ name: "A", website_url: "https://example.org/a" }));
    await createPartner(db, partnerSchema.parse({ name: "B" }));
    expect((await listPartners(db)).map((p) => p.name)).toEqual(["A", "B"]);
    expect(a.website_url).toBe("https://example.org/a");
    expect(await updatePartner(db, a.id, partnerSchema.parse({ name: "A2", logo_url: "/media/x.webp" }))).toMatchObject({
      name: "A2",
      logo_url: "/media/x.webp",
      website_url: "",
    });
    expect((await deletePartner(db, a.id))?.id).toBe(a.id);
    expect(await deletePartner(db, a.id)).toBeUndefined();
  });

  const addItems = async (titles: string[]) => {
    const rows = [];
    for (const title of titles) rows.push(await createAgendaItem(database.db, agendaItemSchema.parse({ time: "9:00 AM", title })));
    return rows;
  };
  const agendaTitles = async () => (await listAgenda(database.db)).map((item) => `${item.order_index}:${item.title}`);

  it("numbers new agenda items count + 1 and keeps the order on edit", async () => {
    const { db } = database;
    const [a, b] = await addItems(["A", "B", "C"]);
    expect(await agendaTitles()).toEqual(["1:A", "2:B", "3:C"]);
    const edited = await updateAgendaItem(db, a!.id, agendaItemSchema.parse({ time: "8:00 AM", title: "A!", speaker_name: "Ada" }));
    expect(edited).toMatchObject({ order_index: 1, time: "8:00 AM", speaker_name: "Ada", description: "" });
    expect(await updateAgendaItem(db, MISSING_ID, agendaItemSchema.parse({ time: "1", title: "x" }))).toBeUndefined();

    // After a deletion a new item still goes last.
    expect((await deleteAgendaItem(db, b!.id))?.title).toBe("B");
    await addItems(["D"]);
    expect(await agendaTitles()).toEqual(["1:A!", "3:C", "4:D"]);
  });

  it("moves agenda items up and down, renumbering 1..n, and ignores moves past the ends", async () => {
    const { db } = database;
    const [a, , c] = await addItems(["A", "B", "C"]);
    expect(await moveItem(db, agenda, c!.id, "up")).toHaveLength(3);
    expect(await agendaTitles()).toEqual(["1:A", "2:C", "3:B"]);
    await moveItem(db, agenda, a!.id, "down");
    expect(await agendaTitles()).toEqual(["1:C", "2:A", "3:B"]);
    expect(await moveItem(db, agenda, c!.id, "up")).toHaveLength(3);
    expect(await agendaTitles()).toEqual(["1:C", "2:A", "3:B"]);
    expect(await moveItem(db, agenda, MISSING_ID, "up")).toBeNull();
    expect(await moveItem(db, agenda, "junk", "up")).toBeNull();
  });

  it("reorders the agenda from a list of ids, tolerating a stale list", async () => {
    const { db } = database;
    const [a, b, c] = await addItems(["A", "B", "C"]);
    expect(await reorderItems(db, agenda, [c!.id, a!.id, b!.id])).toEqual([c!.id, a!.id, b!.id]);
    expect(await agendaTitles()).toEqual(["1:C", "2:A", "3:B"]);

    // A page that missed item D and still lists a deleted item.
    const [d] = await addItems(["D"]);
    await deleteAgendaItem(db, a!.id);
    await reorderItems(db, agenda, [b!.id, a!.id, c!.id, b!.id, "junk"]);
    expect(await agendaTitles()).toEqual(["1:B", "2:C", "3:D"]);
    expect((await listAgenda(db)).at(-1)?.id).toBe(d!.id);
  });

  it("orders speakers, special guests and partners the same way", async () => {
    const { db } = database;
    const [x, y, z] = [
      await createPartner(db, partnerSchema.parse({ name: "X" })),
      await createPartner(db, partnerSchema.parse({ name: "Y" })),
      await createPartner(db, partnerSchema.parse({ name: "Z" })),
    ];
    await reorderItems(db, partners, [z.id, x.id, y.id]);
    await moveItem(db, partners, y.id, "up");
    expect((await listPartners(db)).map((p) => `${p.order_index}:${p.name}`)).toEqual(["1:Z", "2:Y", "3:X"]);
    const guest = await createSpecialGuest(db, specialGuestSchema.parse({ name: "G1", title: "T" }));
    await createSpecialGuest(db, specialGuestSchema.parse({ name: "G2", title: "T" }));
    await moveItem(db, special_guests, guest.id, "down");
    expect((await listSpecialGuests(db)).map((g) => g.name)).toEqual(["G2", "G1"]);
  });

  it("links an agenda item to a speaker; deleting the speaker keeps the item and the name", async () => {
    const { db } = database;
    const ada = await createSpeaker(db, speakerSchema.parse({ name: "Ada Ɓello", title: "Engineer" }));
    const linked = await createAgendaItem(db, agendaItemSchema.parse({ time: "9:00 AM", title: "Talk", speaker_id: ada.id }));
    const texted = await createAgendaItem(
      db,
      agendaItemSchema.parse({ time: "10:00 AM", title: "Panel", speaker_id: ada.id, speaker_name: "Ada and friends" }),
    );
    expect((await listAgenda(db)).map((item) => item.speaker)).toEqual([
      { name: "Ada Ɓello", title: "Engineer" },
      { name: "Ada Ɓello", title: "Engineer" },
    ]);
    await deleteSpeaker(db, ada.id);
    const after = await listAgenda(db);
    expect(after.map((item) => [item.id, item.speaker_id, item.speaker_name, item.speaker])).toEqual([
      [linked.id, null, "Ada Ɓello", null],
      [texted.id, null, "Ada and friends", null],
    ]);
  });
});
