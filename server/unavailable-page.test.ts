import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { text } from "#tests/support/catalogue.ts";
import { sendUnavailable } from "./unavailable-page";

// The 503 page in the visitor's language, on a bare Express app that answers everything with
// it. The words expected come from the catalogues themselves. Provoking the real thing (a
// full server, a stopped database) is tests/e2e/overload.spec.ts and database-outage.spec.ts.

let url = "";
let close: () => void = () => {};
beforeAll(async () => {
  const app = express();
  app.use((req, res) => {
    res.locals.cspNonce = "test-nonce";
    void sendUnavailable(req, res, req.path.startsWith("/db") ? "database" : "busy", 5);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const page = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(`${url}${path}`, { ...init, headers: { accept: "text/html", ...headers } });
const langOf = (html: string) => /<html lang="([a-z]+)"/.exec(html)?.[1];

describe("the 503 page", () => {
  it("is in Hausa for a browser asking for Hausa (ha, ha-NG, ha-Latn-NG), every word of it", async () => {
    for (const asked of ["ha", "ha-NG", "ha-Latn-NG,en;q=0.5"]) {
      const response = await page("/register", { "accept-language": asked });
      const html = await response.text();
      expect(response.status).toBe(503);
      expect(response.headers.get("content-language"), asked).toBe("ha");
      expect(langOf(html), asked).toBe("ha");
      for (const key of ["common.unavailable.busy.title", "common.unavailable.busy.message", "common.unavailable.tryAgain"])
        expect(html).toContain(text("ha", key));
      expect(html).not.toContain(text("en", "common.unavailable.busy.title"));
    }
    const database = await (await page("/db", { "accept-language": "ha-NG" })).text();
    expect(database).toContain(text("ha", "common.unavailable.database.title"));
  });

  it("follows the link's ?lang= first, then the remembered choice, then the browser", async () => {
    expect(langOf(await (await page("/", { "accept-language": "en", cookie: "summit_lang=ha" })).text())).toBe("ha");
    expect(langOf(await (await page("/?lang=en", { "accept-language": "ha", cookie: "summit_lang=ha" })).text())).toBe("en");
    expect(langOf(await (await page("/?lang=ha", { "accept-language": "en" })).text())).toBe("ha");
    expect(langOf(await (await page("/", { "accept-language": "yo-NG" })).text())).toBe("en");
  });

  it("keeps the organisers' pages English, except the door", async () => {
    expect(langOf(await (await page("/admin/settings", { "accept-language": "ha" })).text())).toBe("en");
    expect(langOf(await (await page("/admin/check-in", { "accept-language": "ha" })).text())).toBe("ha");
  });

  it("gives a refused registration back as a Hausa Try again form, and a data request its Hausa line", async () => {
    const response = await page(
      "/register",
      { "accept-language": "ha", "content-type": "application/x-www-form-urlencoded" },
      { method: "POST", body: "fullName=Hauwa+%C6%81ello&email=hauwa%40example.org" },
    );
    const html = await response.text();
    expect(html).toContain(`<button type="submit">${text("ha", "common.unavailable.tryAgain")}</button>`);
    expect(html).toContain(text("ha", "common.unavailable.kept"));
    expect(html).toContain('value="Hauwa Ɓello"');
    const data = await fetch(`${url}/register.data`, { headers: { "accept-language": "ha" } });
    expect(await data.text()).toBe(text("ha", "common.unavailable.busy.message"));
  });
});
