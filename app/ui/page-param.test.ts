import { describe, expect, it } from "vitest";
import { pageParam } from "./page-param";

const page = (query: string) => pageParam(new URL(`http://localhost/admin/list${query}`));

describe("pageParam", () => {
  it("reads a page number, and page 1 for anything that is not one", () => {
    expect(page("")).toBe(1);
    expect(page("?page=3")).toBe(3);
    expect(page("?page=0")).toBe(1);
    expect(page("?page=-4")).toBe(1);
    expect(page("?page=abc")).toBe(1);
    expect(page("?page=%00")).toBe(1);
  });

  it("stops at the list's last allowed page", () => {
    expect(page("?page=99999999")).toBe(10_000);
  });
});
