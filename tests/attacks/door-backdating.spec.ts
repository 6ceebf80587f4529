import { randomUUID } from "node:crypto";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { e2eAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import { type PrivateSite, startPrivateSite } from "../support/private-site";

// Attack (issue 40, round two): a door account backdates a check-in to take over another door's
// admission. A sync used to replace THE check-in with any earlier time it claimed (up to 7 days
// back), so a second phone could make a person appear let in by it, at its time, and the real
// door's admission became the "second". The door's name is whatever a device sends, so it could
// even take the real door's name. Now the admission on record stays; the backdated one is a
// conflict, no earlier than the rogue phone's last list download, flagged as one name on two
// phones. On the embedded database (the rules run on both in door-sync-trust.server.test.ts).

test.describe("a backdated door sync", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  let site: PrivateSite;
  const phones: APIRequestContext[] = [];
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    site = await startPrivateSite({ door: true, attendees: 3 });
  });
  test.afterAll(async () => {
    for (const phone of phones) await phone.dispose();
    await site?.stop();
  });

  /** A door phone: signed in with the door account, its list downloaded under its device id. */
  async function doorPhone(device: string) {
    const phone = await playwrightRequest.newContext({ baseURL: site.url, extraHTTPHeaders: { Origin: site.url } });
    phones.push(phone);
    const { email, password } = e2eAdmin(true);
    expect((await phone.post("/admin/login", { form: { email, password, redirectTo: "/admin/check-in" }, maxRedirects: 0 })).status()).toBe(
      302,
    );
    expect((await phone.get(`/admin/check-in/list?device=${device}`)).status()).toBe(200);
    return phone;
  }

  const sync = (phone: APIRequestContext, device: string, ticket: string, at: Date) =>
    phone.post("/admin/check-in/sync", {
      data: { door: "Main gate", device, checkIns: [{ id: randomUUID(), ticket, method: "ticket-id", at: at.toISOString() }] },
    });

  test("does not replace another door's admission: it is a conflict at the rogue's list time, flagged", async ({ browser }) => {
    const person = site.seeded[0];
    if (!person) throw new Error("no seeded attendee");
    const [gateDevice, rogueDevice] = [randomUUID(), randomUUID()];
    const gate = await doorPhone(gateDevice);
    // Admitted just now, after its list download (an earlier claim would be clamped to that download).
    const admittedAt = new Date();
    const applied = await sync(gate, gateDevice, person.ticket_id, admittedAt);
    expect((await applied.json()).results).toEqual([expect.objectContaining({ status: "applied" })]);

    // The rogue phone: the same account, the gate's own name, six days back.
    const rogue = await doorPhone(rogueDevice);
    const rogueListAt = Date.now();
    const backdated = await sync(rogue, rogueDevice, person.ticket_id, new Date(Date.now() - 6 * 24 * 3_600_000));
    const answer = await backdated.json();
    expect(answer.results).toEqual([expect.objectContaining({ status: "conflict" })]);
    expect(answer.conflicts).toBe(1);

    // The list every door downloads still says: in at the gate, at the gate's time.
    const list = await (await gate.get(`/admin/check-in/list?device=${gateDevice}`)).json();
    const row = (list.attendees as unknown[][]).find((r) => r[0] === person.ticket_id);
    expect(row?.[4]).toBe(admittedAt.toISOString());
    expect(row?.[5]).toBe("Main gate");

    // Organisers see both, in time order, the second no earlier than the rogue's download, and the flag.
    const organiser = e2eAdmin();
    const page = await (await browser.newContext({ baseURL: site.url })).newPage();
    await page.goto("/admin/login?redirectTo=%2Fadmin%2Fcheck-in");
    await page.getByLabel("Email Address").fill(organiser.email);
    await page.locator("input#password").fill(organiser.password);
    await page.getByRole("button", { name: "Sign In to Dashboard" }).click();
    const conflicts = page.getByTestId("door-conflicts");
    await expect(conflicts).toContainText(person.ticket_id);
    await expect(conflicts.getByTestId("two-phones")).toHaveText("(two phones use this door name: check which one is yours)");
    const times = ((await conflicts.textContent()) ?? "").match(/\d{2}:\d{2}/g) ?? [];
    expect(times).toHaveLength(2);
    const lagos = (ms: number) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", hour: "2-digit", minute: "2-digit" }).format(new Date(ms));
    expect(times[0]).toBe(lagos(admittedAt.getTime()));
    expect([lagos(rogueListAt), lagos(rogueListAt + 60_000)]).toContain(times[1]);
  });
});
