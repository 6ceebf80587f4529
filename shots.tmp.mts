import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./tests/support/system-deps";

const base = "http://127.0.0.1:3100";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
const run = async (js: boolean, name: string, fn: (page: import("@playwright/test").Page) => Promise<void>) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: "ha-NG",
    javaScriptEnabled: js,
    extraHTTPHeaders: { "Accept-Language": "ha-NG,ha;q=0.9" },
  });
  const page = await context.newPage();
  await fn(page);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
  await context.close();
};
await run(false, "landing-ha", async (p) => {
  await p.goto(base + "/");
});
await run(true, "register-errors-ha", async (p) => {
  await p.goto(base + "/register");
  await p.waitForSelector("html[data-enhanced]");
  await p.waitForTimeout(1600);
  await p.getByRole("button", { name: /Yi rajista yanzu/ }).click();
  await p.waitForTimeout(500);
});
await run(false, "register-errors-nojs-ha", async (p) => {
  await p.goto(base + "/register");
  await p.waitForTimeout(1600);
  await p.getByRole("button", { name: /Yi rajista yanzu/ }).click();
  await p.waitForLoadState();
});
await browser.close();
