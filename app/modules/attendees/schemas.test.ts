import { describe, expect, it } from "vitest";
import { pageUrl } from "./actions.server";
import { attendeeQueryString, isFiltered, parseAttendeeQuery } from "./schemas";

const parse = (query: string) => parseAttendeeQuery(new URLSearchParams(query));

describe("the attendee list query", () => {
  it("reads control characters in the search as spaces (PostgreSQL refuses a NUL)", () => {
    expect(parseAttendeeQuery(new URLSearchParams({ q: "\u0000\u0001Ami\u001b[31m" })).q).toBe("Ami [31m");
    expect(parseAttendeeQuery(new URLSearchParams({ q: "\u0000" })).q).toBe("");
  });

  it("reads q, gender, state and page from the URL", () => {
    expect(parse("q=%20Ami%20&gender=female&state=Kano&page=3")).toEqual({
      q: "Ami",
      gender: "female",
      state: "Kano",
      checkin: "",
      channel: "",
      page: 3,
    });
    expect(parse("")).toEqual({ q: "", gender: "", state: "", checkin: "", channel: "", page: 1 });
    expect(parse("checkin=in").checkin).toBe("in");
    expect(parse("checkin=out").checkin).toBe("out");
  });

  it("drops what it cannot use instead of failing", () => {
    expect(parse("gender=unknown&state=Atlantis&checkin=maybe&page=-2")).toEqual({
      q: "",
      gender: "",
      state: "",
      checkin: "",
      channel: "",
      page: 1,
    });
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse(`q=${"x".repeat(150)}`).q).toHaveLength(100);
    expect(parse("state=kano").state).toBe("");
  });

  it("writes a short query string back, and knows when it filters", () => {
    expect(attendeeQueryString({ q: "ami", gender: "", state: "Federal Capital Territory", page: 1 })).toBe(
      "?q=ami&state=Federal+Capital+Territory",
    );
    expect(attendeeQueryString({ q: "", gender: "", state: "", page: 2 }, { confirmDelete: "x" })).toBe("?page=2&confirmDelete=x");
    expect(attendeeQueryString({})).toBe("");
    expect(isFiltered({ q: "", gender: "", state: "" })).toBe(false);
    expect(isFiltered({ gender: "other" })).toBe(true);
    expect(isFiltered({ checkin: "out" })).toBe(true);
    expect(attendeeQueryString({ checkin: "in", page: 2 })).toBe("?checkin=in&page=2");
  });

  it("returns to the page a form came from, without the confirmation step or React Router's parameters", () => {
    expect(pageUrl(new URL("http://x/admin/attendees?q=a&confirmDelete=1&index&_routes=r"))).toBe("/admin/attendees?q=a");
    expect(pageUrl(new URL("http://x/admin/attendees/abc"))).toBe("/admin/attendees/abc");
  });
});
