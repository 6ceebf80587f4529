import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { attendeeValues } from "~/db/factories";
import { attendees } from "~/db/schema";
import { attendeesCsvStream } from "./csv.server";

// The attendee CSV under hostile registrations: whatever people typed comes back cell for
// cell (quotes, separators and line breaks survive), and a cell a spreadsheet would run as
// a formula (= + - @ tab CR first) is shown as text, with a leading apostrophe.

const FORMULA = /^[=+\-@\t\r]/;
// PostgreSQL text holds no NUL; the rest of any string is kept.
const storable = hostileString.map((s) => s.replaceAll(String.fromCharCode(0), "").replace(/[\uD800-\uDFFF]/g, "?"));

describe("the attendee CSV under hostile registrations", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.close());

  it("gives back every value exactly, formulas neutralised (400 attendees in 8 exports)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ full_name: storable, organization: storable, position: storable, reason: storable }), {
          minLength: 50,
          maxLength: 50,
        }),
        async (people) => {
          await database.db.delete(attendees);
          await database.db.insert(attendees).values(people.map((p) => attendeeValues(p)));
          const parts: Uint8Array[] = [];
          for await (const chunk of (await attendeesCsvStream(
            database.db,
            { q: "" },
            { batchSize: 17 },
          )) as unknown as AsyncIterable<Uint8Array>)
            parts.push(chunk);
          const [, ...records] = parse(Buffer.concat(parts).subarray(3).toString("utf8")) as string[][];
          const shown = (value: string) => (FORMULA.test(value) ? `'${value}` : value);
          const expected = people.map((p) => [p.full_name, p.organization, p.position, p.reason].map(shown).join("\u0001")).sort();
          expect(records.map((r) => [r[0], r[4], r[5], r[8]].join("\u0001")).sort()).toEqual(expected);
        },
      ),
      { numRuns: 8 },
    );
  });
});
