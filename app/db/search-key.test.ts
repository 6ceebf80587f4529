import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "./client.server";
import { createAttendee } from "./factories";
import { attendees } from "./schema";
import { keyMatches, nameSearchKey, searchWords } from "./search-key";
import { keyMatchesSql } from "./search-key-sql";
import { storedText } from "./text";

// The one search rule, in JavaScript (the offline door) and in the database (the list and the
// door online): the same key for every name, and the searches people type find their people.

const finds = (name: string, typed: string) => keyMatches(nameSearchKey(name), searchWords(typed));

describe("searching names as people type them", () => {
  it("finds the Hausa hooked letters, accents and apostrophes typed plainly, words in any order", () => {
    expect(finds("Fatima Ɗanjuma", "danjuma")).toBe(true);
    expect(finds("Zainab Ƴar'adua", "yar adua")).toBe(true);
    expect(finds("Zainab Ƴar\u2019adua", "yaradua")).toBe(true);
    expect(finds("Zainab Ƴarʼadua", "yar'adua")).toBe(true);
    expect(finds("Ɗanladi Ƙasimu", "danladi")).toBe(true);
    expect(finds("ƊANLADI ƘASIMU", "kasimu dan")).toBe(true);
    expect(finds("Abubakar Sani Gusau", "Abubakar Gusau")).toBe(true);
    expect(finds("Abubakar Sani Gusau", "gusau abu")).toBe(true);
    expect(finds("Adébáyọ̀ Ọlá", "adebayo ola")).toBe(true);
    expect(finds("Ade\u0301bayo", "adebayo")).toBe(true);
    expect(finds("Hauwa Ɓello", "bello")).toBe(true);
    expect(finds("Chukwuemeka Obi-Okonkwo", "okonkwo")).toBe(true);
    expect(finds("Chukwuemeka Obi-Okonkwo", "obiokonkwo")).toBe(true);
  });

  it("matches the start of words only, and every typed word", () => {
    expect(finds("Abubakar Bello", "bakar")).toBe(false);
    expect(finds("Abubakar Bello", "abubakar musa")).toBe(false);
    expect(finds("Abubakar Bello", "")).toBe(false);
    expect(finds("Abubakar Bello", "  '  ")).toBe(false);
  });

  it("keys a name as its words twice, joined and split at apostrophes and hyphens", () => {
    expect(nameSearchKey("Zainab Ƴar'adua")).toBe(" zainab yaradua zainab yar adua ");
    expect(nameSearchKey("  Ɓello\u00a0Ƙ. ")).toBe(" bello k. bello k. ");
    expect(searchWords("Ƴar’Adua  BELLO")).toEqual(["yar", "adua", "bello"]);
  });
});

const NASTY = [
  "Fatima Ɗanjuma",
  "Zainab Ƴar'adua",
  "Na\u02BCAllah Ƙ\u0301asimu",
  "Ade\u0301ba\u0300yo\u0323 Ọlá",
  "Obi-Okonkwo O'Brien `x`",
  "ƊƘƳƁ ɗƙƴɓ",
  "ÆØÅ Œuvre ǅemal ﬁnn",
  "محمد ساني",
  "Amina 😀👩🏾‍💻",
  "Ｆｕｌｌ　Ｗｉｄｔｈ",
  "İstanbul ΣΊΣΥΦΟΣ",
  "a\u00a0b\u2003c\u202fd",
  "\u0301\u0301",
  "-",
  "'",
];

for (const kind of DATABASE_KINDS) {
  describe(`the search key on ${kind}`, () => {
    let database: DbConnection;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => database?.close());

    it("is the one the offline door computes, for Hausa, accents, other scripts, odd spaces and random names", async () => {
      const { db } = database;
      const random = fc.sample(fc.string({ unit: "grapheme", minLength: 1, maxLength: 24 }), { numRuns: 60, seed: 42 });
      const names = [...NASTY, ...random].map((name) => storedText(name, "line")).filter((name) => name.trim() !== "");
      for (const [i, full_name] of names.entries()) {
        const row = await createAttendee(db, { full_name, email: `key${i}@example.org` });
        const [stored] = await db.select({ key: attendees.search_key }).from(attendees).where(eq(attendees.id, row.id));
        expect(stored?.key, JSON.stringify(full_name)).toBe(nameSearchKey(full_name));
      }
    });

    it("follows a corrected name, and a search finds by it as typed", async () => {
      const { db } = database;
      const row = await createAttendee(db, { full_name: "Fatima Danjuma", email: "fatima.search@example.org" });
      await db.update(attendees).set({ full_name: "Fatima Ɗanjuma Ƴar'adua" }).where(eq(attendees.id, row.id));
      const found = async (typed: string) =>
        (
          await db
            .select({ id: attendees.id })
            .from(attendees)
            .where(keyMatchesSql(attendees.search_key, searchWords(typed)))
        ).map((r) => r.id);
      expect(await found("danjuma fatima")).toContain(row.id);
      expect(await found("yar adua")).toContain(row.id);
      expect(await found("yaradua")).toContain(row.id);
      expect(await found("anjuma")).not.toContain(row.id);
      // LIKE's own characters are letters here, not wildcards.
      expect(await found("fat%")).not.toContain(row.id);
      expect(await found("f_tima")).not.toContain(row.id);
    });
  });
}
