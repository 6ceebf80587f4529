import { connect, type Socket } from "node:net";
import type { Browser, Page } from "@playwright/test";
import { e2eAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { fillRegistrationForm, makeRegistrant, pauseLikeAPerson, registrationForm } from "../support/register-helper";

// What a person sees when the server is overloaded, on a site of its own that runs one
// public request at a time and lets none wait (MAX_ACTIVE_REQUESTS=1, MAX_QUEUE_WAIT_MS=0).
// The one turn is taken by a registration whose body never finishes arriving, so the
// person's own post is refused with 503 — with JavaScript and without — and the form must
// come back as typed and go through once the turn is free. The burst figures (5× capacity)
// come from `npm run bench:overload`.

let site: PrivateSite | undefined;
test.afterAll(async () => {
  await site?.stop();
});

/**
 * Takes the public lane's only turn: a form post that sends its headers and half its body. A
 * request still running when it arrives (the previous test's last page) has it refused at once
 * (no waiting allowed): then it is sent again, up to ten times.
 */
async function holdTheTurn(url: string): Promise<{ release: () => void }> {
  const { hostname, port } = new URL(url);
  for (let attempt = 1; attempt <= 10; attempt++) {
    const socket: Socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    let refused = false;
    socket.once("data", () => {
      refused = true;
    });
    socket.write(
      `POST /register HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\nfullName=Slow`,
    );
    // Until the server has let it in, a page request could still get the turn.
    for (const until = Date.now() + 5_000; Date.now() < until && !refused; ) {
      if ((await fetch(`${url}/privacy`)).status === 503) return { release: () => socket.destroy() };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    socket.destroy();
  }
  throw new Error("the held post never took the public lane's turn");
}

async function visitor(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  return (await browser.newContext({ baseURL: site?.url, javaScriptEnabled })).newPage();
}

test.describe("overloaded", () => {
  test.beforeAll(async () => {
    if (test.info().project.name !== "desktop") return;
    site = await startPrivateSite({ env: { MAX_ACTIVE_REQUESTS: "1", MAX_QUEUE_WAIT_MS: "0" } });
  });
  test.beforeEach(() => {
    test.skip(test.info().project.name !== "desktop", "a site of its own: once");
  });

  test("with JavaScript: the refusal is a message above the form, which keeps what was typed and goes through later", async ({
    browser,
  }) => {
    const page = await visitor(browser, true);
    const person = makeRegistrant({ fullName: "Ɗanladi Ƙasimu", organization: "Gusau Youth Forum" });
    await page.goto("/register");
    await waitForInteractive(page);
    await fillRegistrationForm(page, person);
    await pauseLikeAPerson(page);

    const turn = await holdTheTurn(site?.url ?? "");
    await registrationForm(page).getByRole("button", { name: "Register Now" }).click();
    await expect(page.getByText("Too many people are using the site at this moment. Please try again in a few seconds.")).toBeVisible();
    const form = registrationForm(page);
    await expect(form.getByLabel("Full Name")).toHaveValue(person.fullName);
    await expect(form.getByLabel("Email Address")).toHaveValue(person.email);
    await expect(form.getByLabel("Phone Number")).toHaveValue(person.phone);
    await expect(form.getByLabel("Organization")).toHaveValue("Gusau Youth Forum");
    await expect(form.getByLabel("Local Government")).toHaveValue(person.localGovernment ?? "");
    await expect(form.getByRole("checkbox", { name: /I agree/ })).toBeChecked();

    // Meanwhile the health check and the organisers' lane still answer.
    expect((await page.request.get("/healthz")).status()).toBe(200);
    expect((await page.request.get("/admin/login")).status()).toBe(200);

    turn.release();
    await form.getByRole("button", { name: "Register Now" }).click();
    // Saved once: a refused post stored nothing, or this would say the address is taken.
    await expect(page.getByRole("dialog", { name: "Ticket Sent Successfully!" })).toBeVisible();
    await page.context().close();
  });

  test("without JavaScript: a friendly 503 page whose Try again button sends the same form", async ({ browser }) => {
    const page = await visitor(browser, false);
    const person = makeRegistrant({ fullName: "Hauwa Ɓello", reason: 'To learn & to meet "mentors" <here>' });
    await page.goto("/register");
    await fillRegistrationForm(page, person);
    await pauseLikeAPerson(page);

    const turn = await holdTheTurn(site?.url ?? "");
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await registrationForm(page).getByRole("button", { name: "Register Now" }).click();
    const response = await refused;
    expect(response.status()).toBe(503);
    expect(response.headers()["retry-after"]).toBe("5");
    await expect(page.getByRole("heading", { name: "We're very busy right now" })).toBeVisible();
    await expect(page.getByText("What you typed is kept: the button sends it again.")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("busy-page.png") });

    turn.release();
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("dialog", { name: "Ticket Sent Successfully!" })).toBeVisible();
    await page.context().close();
  });

  test("a refused sign-in never writes the password into the page", async ({ request }) => {
    const turn = await holdTheTurn(site?.url ?? "");
    // The organisers' lane has its own turn: take it too, with a sign-in whose body never ends.
    const { email, password } = e2eAdmin();
    const { hostname, port } = new URL(site?.url ?? "");
    const admin = connect(Number(port), hostname);
    await new Promise((resolve) => admin.once("connect", resolve));
    admin.write(
      `POST /admin/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\nemail=a`,
    );
    await expect.poll(async () => (await request.get(`${site?.url}/admin/login`)).status()).toBe(503);
    const refused = await request.post(`${site?.url}/admin/login`, {
      form: { email, password },
      headers: { accept: "text/html" },
    });
    expect(refused.status()).toBe(503);
    const html = await refused.text();
    expect(html).not.toContain(password);
    expect(html).toContain("Go back and send the form again in a moment.");
    admin.destroy();
    turn.release();
  });
});
