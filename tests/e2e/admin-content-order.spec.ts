import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { signInAsAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";

// The organisers' order on the agenda (a list) and partners (a grid): keyboard drag, pointer drag
// and the Move up / Move down forms, with and without JavaScript. Other tests add and delete items
// at the same time (new items go last, which never changes the relative order of existing ones),
// so each test creates three items of its own and asserts only their relative order.
// One project and one test at a time: two reorders of the same list at once would race.

test.describe.configure({ mode: "serial" });
test.beforeEach(({ browserName: _ }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "ordering runs once, on the desktop project");
});

const newTag = (project: string) => `T${project.slice(0, 1)}${randomBytes(4).toString("hex")}`;

type Kind = { list: "agenda" | "partners"; heading: string };
const AGENDA: Kind = { list: "agenda", heading: "Agenda" };
const PARTNERS: Kind = { list: "partners", heading: "Partners" };
type Item = { id: string; name: string };

const items = (page: Page) => page.locator('li[id^="item-"]');
const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

async function gotoList(page: Page, kind: Kind) {
  await page.goto(`/admin/${kind.list}`);
  await expect(page.getByRole("heading", { level: 1, name: kind.heading })).toBeVisible();
}

/** Every item id of the list on screen, in order. */
const allIds = (page: Page) => items(page).evaluateAll((els) => els.map((el) => el.id.replace(/^item-/, "")));

/** The names of our items, in the order the list shows them. */
async function orderOf(page: Page, mine: Item[]): Promise<string[]> {
  const ids = await allIds(page);
  return ids.flatMap((id) => mine.find((item) => item.id === id)?.name ?? []);
}

/**
 * Adds three items named `<letter> <tag>` through the add form's plain post (setup), then opens the
 * list and reads their ids. Works with and without JavaScript: wait for it afterwards where needed.
 */
async function createThree(page: Page, kind: Kind, tag: string): Promise<[Item, Item, Item]> {
  await gotoList(page, kind);
  const origin = new URL(page.url()).origin;
  const names = ["Alpha", "Bravo", "Charlie"].map((letter) => `${letter} ${tag}`);
  for (const [i, name] of names.entries()) {
    const fields: Record<string, string> =
      kind.list === "agenda"
        ? { time: `${9 + i}:00 AM`, title: name, speaker_id: "", speaker_name: "", description: "" }
        : { name, website_url: "", logo_url: "" };
    const response = await page.request.post(`/admin/${kind.list}/new`, {
      multipart: fields,
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(response.status(), (await response.text()).slice(0, 300)).toBe(302);
  }
  await gotoList(page, kind);
  const found: Item[] = [];
  for (const name of names) {
    const id = ((await items(page).filter({ hasText: name }).getAttribute("id")) ?? "").replace(/^item-/, "");
    found.push({ id, name });
  }
  const [a, b, c] = found;
  if (!a || !b || !c) throw new Error("three items expected");
  return [a, b, c];
}

/** The ids after Move up / Move down of `id` in `ids`, as the server swaps neighbours. */
function afterMove(ids: string[], id: string, direction: "up" | "down"): string[] {
  const next = [...ids];
  const from = next.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from >= 0 && to >= 0 && to < next.length) [next[from], next[to]] = [next[to] as string, next[from] as string];
  return next;
}

/**
 * Presses Move up / Move down of one item and checks the page lands on that item (`#item-<id>`) with
 * our items in the order the swap gives (computed on the whole list as it was, since another test's
 * item may sit between ours).
 */
async function move(page: Page, mine: Item[], item: Item, direction: "up" | "down") {
  const before = await allIds(page);
  const expected = afterMove(before, item.id, direction).flatMap((id) => mine.find((m) => m.id === id)?.name ?? []);
  await page.getByRole("button", { name: `Move ${item.name} ${direction}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/(agenda|partners)\\?reordered=[^#]*#item-${item.id}$`));
  await expect(page.getByTestId("order-saved")).toContainText("Saved");
  await expect.poll(() => orderOf(page, mine)).toEqual(expected);
  await expect(page.locator(`#item-${item.id}`)).toBeInViewport();
  return expected;
}

/**
 * Keyboard only: focus the item's drag handle, Space, arrow keys until it is over `target`'s place,
 * Space. The arrows are chosen from the layout (a list or a grid) and each step is confirmed by the
 * live region's announcement, which is what a screen reader user hears.
 */
async function keyboardDrag(page: Page, item: Item, target: Item) {
  const slots = await items(page).evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return { top: Math.round(box.top + window.scrollY), left: Math.round(box.left) };
    }),
  );
  const ids = await allIds(page);
  const goal = ids.indexOf(target.id) + 1;
  const total = ids.length;
  await page.getByRole("button", { name: `Drag to reorder ${item.name}` }).focus();
  await page.keyboard.press("Space");
  let over = ids.indexOf(item.id) + 1;
  // Picked up, and at once over its own place: the second announcement may replace the first.
  const name = escapeRegExp(item.name);
  await expect(liveRegion(page)).toHaveText(
    new RegExp(`^(Picked up ${name}, position ${over} of ${total}|${name} is over position ${over} of ${total})\\.$`),
  );
  for (let step = 0; over !== goal; step++) {
    if (step > 20) throw new Error(`still over position ${over}, not ${goal}`);
    const here = slots[over - 1];
    const there = slots[goal - 1];
    if (!here || !there) throw new Error("unknown slot");
    const key = here.top > there.top ? "ArrowUp" : here.top < there.top ? "ArrowDown" : here.left > there.left ? "ArrowLeft" : "ArrowRight";
    const previous = over;
    await page.keyboard.press(key);
    // A key that only scrolls the page toward the next place moves nothing: press again.
    const moved = await page
      .waitForFunction(
        (said) => !document.querySelector('[id^="DndLiveRegion"]')?.textContent?.includes(said),
        `over position ${previous} of`,
        { timeout: 2_000 },
      )
      .then(
        () => true,
        () => false,
      );
    if (!moved) continue;
    const said = (await liveRegion(page).textContent()) ?? "";
    const match = new RegExp(`^${name} is over position (\\d+) of ${total}\\.$`).exec(said);
    expect(match, `announcement after ${key}: ${said}`).not.toBeNull();
    over = Number(match?.[1]);
  }
  await page.keyboard.press("Space");
  await expect(liveRegion(page)).toHaveText(`${item.name} dropped at position ${goal} of ${total}.`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The POST that saves a drag (intent=reorder), to wait for before reloading. */
const reorderSaved = (page: Page, kind: Kind) =>
  page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(`/admin/${kind.list}`));

/** Our items' names in the order a landing page section lists them (`entries`: one per item). */
async function landingOrder(page: Page, entries: Locator, mine: Item[]): Promise<string[]> {
  await page.goto("/");
  const texts = await entries.allTextContents();
  return texts.flatMap((text) => mine.find((m) => text.includes(m.name))?.name ?? []);
}

test("agenda, keyboard only: pick up with Space, arrows, drop with Space; saved, announced, on the landing page", async ({
  adminPage: page,
  failOnPageErrors: _,
}, testInfo) => {
  const [a, b, c] = await createThree(page, AGENDA, newTag(testInfo.project.name));
  const mine = [a, b, c];
  await waitForInteractive(page);
  expect(await orderOf(page, mine)).toEqual([a.name, b.name, c.name]);

  const saved = reorderSaved(page, AGENDA);
  await keyboardDrag(page, c, a);
  await expect.poll(() => orderOf(page, mine)).toEqual([c.name, a.name, b.name]);
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole("button", { name: `Drag to reorder ${c.name}` })).toBeFocused();

  // Saved, with the way back: Undo puts the order as it was.
  const undoBar = page.getByTestId("order-saved");
  await expect(undoBar).toContainText("Saved");
  await undoBar.getByRole("button", { name: "Undo" }).click();
  await expect(undoBar).toHaveText("Order restored. The landing page shows it now.");
  expect(await orderOf(page, mine)).toEqual([a.name, b.name, c.name]);
  await keyboardDrag(page, c, a);
  await expect.poll(() => orderOf(page, mine)).toEqual([c.name, a.name, b.name]);

  await page.reload();
  await waitForInteractive(page);
  expect(await orderOf(page, mine)).toEqual([c.name, a.name, b.name]);
  expect(await landingOrder(page, page.locator("#agenda li"), mine)).toEqual([c.name, a.name, b.name]);
});

test("agenda, pointer: drag the handle with the mouse", async ({ adminPage: page, failOnPageErrors: _ }, testInfo) => {
  const [a, b, c] = await createThree(page, AGENDA, newTag(testInfo.project.name));
  const mine = [a, b, c];
  await waitForInteractive(page);
  const handle = (item: Item) => page.getByRole("button", { name: `Drag to reorder ${item.name}` });
  await handle(c).scrollIntoViewIfNeeded();
  const from = await handle(c).boundingBox();
  const to = await handle(a).boundingBox();
  if (!from || !to) throw new Error("handles not on screen");

  const saved = reorderSaved(page, AGENDA);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => orderOf(page, mine)).toEqual([c.name, a.name, b.name]);
  expect((await saved).status()).toBe(200);
  await page.reload();
  await waitForInteractive(page);
  expect(await orderOf(page, mine)).toEqual([c.name, a.name, b.name]);
});

test("agenda, Move up / Move down with JavaScript land on the moved item", async ({ adminPage: page, failOnPageErrors: _ }, testInfo) => {
  const [a, b, c] = await createThree(page, AGENDA, newTag(testInfo.project.name));
  const mine = [a, b, c];
  await waitForInteractive(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  expect(await move(page, mine, c, "up")).toEqual([a.name, c.name, b.name]);
  expect(await move(page, mine, a, "down")).toEqual([c.name, a.name, b.name]);
  // Posted by the page's JavaScript: no full page load in between.
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  await page.reload();
  expect(await orderOf(page, mine)).toEqual([c.name, a.name, b.name]);
  expect(await landingOrder(page, page.locator("#agenda li"), mine)).toEqual([c.name, a.name, b.name]);
});

test("agenda, Move up / Move down without JavaScript are plain forms", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signInAsAdmin(page);
  const tag = newTag(testInfo.project.name);
  const [a, b, c] = await createThree(page, AGENDA, tag);
  const mine = [a, b, c];
  // No drag handles without JavaScript, only the forms.
  await expect(page.getByRole("button", { name: `Drag to reorder ${a.name}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Move ${a.name} up` })).toBeVisible();
  expect(await move(page, mine, b, "up")).toEqual([b.name, a.name, c.name]);
  expect(await move(page, mine, a, "down")).toEqual([b.name, c.name, a.name]);
  await context.close();
});

test("partners grid: Move buttons and a keyboard drag", async ({ adminPage: page, failOnPageErrors: _ }, testInfo) => {
  const [a, b, c] = await createThree(page, PARTNERS, newTag(testInfo.project.name));
  const mine = [a, b, c];
  await waitForInteractive(page);
  expect(await move(page, mine, b, "down")).toEqual([a.name, c.name, b.name]);
  expect(await move(page, mine, a, "down")).toEqual([c.name, a.name, b.name]);

  // By keyboard in the grid: B onto C's place, then the landing page follows.
  const saved = reorderSaved(page, PARTNERS);
  await keyboardDrag(page, b, c);
  await expect.poll(() => orderOf(page, mine)).toEqual([b.name, c.name, a.name]);
  expect((await saved).status()).toBe(200);
  await page.reload();
  await waitForInteractive(page);
  expect(await orderOf(page, mine)).toEqual([b.name, c.name, a.name]);
  const partners = page.getByRole("region", { name: "Our Partners" }).getByRole("listitem");
  expect(await landingOrder(page, partners, mine)).toEqual([b.name, c.name, a.name]);
});

test.describe("the agenda against its times, on a site of its own", () => {
  // Sort by time reorders the whole agenda: not on the shared site, where other tests' items are.
  let site: PrivateSite | undefined;
  test.afterAll(async () => site?.stop());

  test("a time out of order is pointed out; Undo and Sort by time fix it, with and without JavaScript", async ({ browser }) => {
    test.setTimeout(120_000);
    site = await startPrivateSite();
    for (const javaScript of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled: javaScript, baseURL: site.url });
      const page = await context.newPage();
      await signInAsAdmin(page);
      const tag = javaScript ? "js" : "nojs";
      await gotoList(page, AGENDA);
      const origin = new URL(page.url()).origin;
      // The second round's times fall between the first's, so its moves cross them.
      const times = javaScript
        ? (["8:00 AM - 9:00 AM", "12:30 PM - 1:30 PM", "3:00 PM"] as const)
        : (["7:00 AM", "12:00 PM", "3:00 PM"] as const);
      for (const [title, time] of [
        [`Opening ${tag}`, times[0]],
        [`Lunch ${tag}`, times[1]],
        [`Close ${tag}`, times[2]],
      ] as const) {
        const fields = { time, title, speaker_id: "", speaker_name: "", description: "" };
        const response = await page.request.post("/admin/agenda/new", { multipart: fields, headers: { Origin: origin }, maxRedirects: 0 });
        expect(response.status()).toBe(302);
      }
      await gotoList(page, AGENDA);
      if (javaScript) await waitForInteractive(page);
      const mine: Item[] = [];
      for (const name of [`Opening ${tag}`, `Lunch ${tag}`, `Close ${tag}`])
        mine.push({ id: ((await items(page).filter({ hasText: name }).getAttribute("id")) ?? "").replace(/^item-/, ""), name });
      const [opening, lunch, close] = mine as [Item, Item, Item];
      const notice = page.getByTestId("agenda-time-order");
      // The second round adds 7 AM after the first round's 3 PM: the notice is there from the start.
      if (javaScript) await expect(notice).toHaveCount(0);
      else await notice.getByRole("button", { name: "Sort by time" }).click();
      await expect(notice).toHaveCount(0);

      await move(page, mine, lunch, "up");
      await expect(notice).toContainText(
        javaScript
          ? `The order does not follow the times: “${lunch.name}” (12:30 PM - 1:30 PM) is above “${opening.name}” (8:00 AM - 9:00 AM).`
          : `The order does not follow the times: “${lunch.name}” (12:00 PM) is above “Opening js” (8:00 AM - 9:00 AM).`,
      );
      await page.getByTestId("order-saved").getByRole("button", { name: "Undo" }).click();
      await expect(page.getByTestId("order-saved")).toHaveText("Order restored. The landing page shows it now.");
      expect(await orderOf(page, mine)).toEqual([opening.name, lunch.name, close.name]);
      await expect(notice).toHaveCount(0);

      await move(page, mine, close, "up");
      await move(page, mine, close, "up");
      await expect(notice).toBeVisible();
      await notice.getByRole("button", { name: "Sort by time" }).click();
      await expect(page.getByTestId("order-saved")).toContainText("Saved");
      await expect.poll(() => orderOf(page, mine)).toEqual([opening.name, lunch.name, close.name]);
      await expect(notice).toHaveCount(0);
      expect(await landingOrder(page, page.locator("#agenda li"), mine)).toEqual([opening.name, lunch.name, close.name]);
      await context.close();
    }
  });
});
