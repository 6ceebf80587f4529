import { describe, expect, it } from "vitest";
import { inviteLinkFor, sourceLinkFor, spokenLink } from "./links.server";

// The tracked links' addresses: absolute from PUBLIC_URL (a trailing slash or not), and as
// people write them down on a poster.

describe("the tracked links' addresses", () => {
  it("builds a source's short link and an attendee's invite link from the public address", () => {
    expect(sourceLinkFor({ code: "K7M3X" }, "https://summit.example.ng")).toBe("https://summit.example.ng/r/K7M3X");
    expect(inviteLinkFor({ invite_code: "4HX9TC" }, "https://summit.example.ng/")).toBe("https://summit.example.ng/i/4HX9TC");
  });

  it("writes a link as people write it down: without the scheme and www.", () => {
    expect(spokenLink("https://www.summit.example.ng/r/K7M3X")).toBe("summit.example.ng/r/K7M3X");
    expect(spokenLink("http://127.0.0.1:3000/r/K7M3X")).toBe("127.0.0.1:3000/r/K7M3X");
  });
});
