import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { isValidState } from "~/modules/person/nigeria";
import { ATTENDEE_SEARCH_MAX, attendeeIdFormSchema, attendeeQueryString, parseAttendeeQuery } from "./schemas";

// The attendee list's URL (?q, ?gender, ?state, ?page) is typed by anyone: whatever it holds,
// it becomes a sane query (never an error page) that round-trips through the links it makes.

describe("the attendee list's URL under hostile input", () => {
  it("becomes a sane query and round-trips (2,000 URLs, ?page=-1, 1e9, ?state=<script>…)", () => {
    const param = fc.oneof(hostileString, fc.constantFrom("-1", "0", "1e9", "1.5", "99999999999", "0x10", "Kano", "male"));
    fc.assert(
      fc.property(
        fc.record({ q: param, gender: param, state: param, page: param }, { requiredKeys: [] }),
        fc.dictionary(hostileString, hostileString, { maxKeys: 2 }),
        (known, extra) => {
          const params = new URLSearchParams({ ...extra, ...known });
          const query = parseAttendeeQuery(params);
          expect(Number.isInteger(query.page) && query.page >= 1 && query.page <= 1_000_000).toBe(true);
          expect(["", "male", "female", "other"]).toContain(query.gender);
          expect(query.state === "" || isValidState(query.state)).toBe(true);
          expect(query.q.length).toBeLessThanOrEqual(ATTENDEE_SEARCH_MAX);
          expect(parseAttendeeQuery(new URLSearchParams(attendeeQueryString(query)))).toEqual(query);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("an attendee id from a form is a UUID or refused, never passed on (1,000 ids)", () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.uuid()), (id) => {
        const parsed = attendeeIdFormSchema.safeParse({ id });
        if (parsed.success) expect(parsed.data.id).toMatch(/^[0-9a-f-]{36}$/i);
      }),
      { numRuns: 1_000 },
    );
  });
});
