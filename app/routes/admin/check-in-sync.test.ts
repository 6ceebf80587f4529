import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { heldDb } from "#tests/support/held-db.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { createAdmin } from "~/modules/auth/accounts.server";
import { createSession } from "~/modules/auth/session.server";
import { signDoorCode } from "~/modules/tickets/ticket-token.server";
import { loader as listLoader } from "./check-in-list";
import { action as syncAction, loader as syncLoader } from "./check-in-sync";

// The door's two JSON endpoints as React Router calls them: the offline list and the sync,
// behind the staff session and the same-origin check like every admin action.

const SECRET = "check-in-sync-route-secret-0123456789";
vi.stubEnv("SESSION_SECRET", SECRET);
vi.stubEnv("PUBLIC_URL", "http://localhost:3000");
const ORIGIN = "http://localhost:3000";

vi.mock("~/db/db.server", () => import("#tests/support/held-db.ts"));

type Args = Parameters<typeof listLoader>[0];
const args = (request: Request) => ({ request, params: {}, context: {}, url: new URL(request.url), pattern: "" }) as unknown as Args;

async function answer(call: () => Promise<unknown>): Promise<Response> {
  try {
    const outcome = await call();
    if (outcome instanceof Response) return outcome;
    throw new Error(`not a Response: ${JSON.stringify(outcome)?.slice(0, 200)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe.each(DATABASE_KINDS)("door list and sync routes on %s", (kind) => {
  let database: DbConnection;
  let cookie: string;

  const get = (headers: Record<string, string> = { Cookie: cookie }) =>
    answer(() => listLoader(args(new Request(`${ORIGIN}/admin/check-in/list`, { headers }))));
  const post = (body: unknown, headers: Record<string, string> = { Cookie: cookie, Origin: ORIGIN }) =>
    answer(() =>
      syncAction(
        args(
          new Request(`${ORIGIN}/admin/check-in/sync`, {
            method: "POST",
            headers: { "Content-Type": "application/json", ...headers },
            body: typeof body === "string" ? body : JSON.stringify(body),
          }),
        ),
      ),
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    heldDb.db = database.db;
    const door = await createAdmin(database.db, { email: `door-route-${kind}@example.org`, password: "x".repeat(12), role: "checkin" });
    const { token } = await createSession(database.db, door.id, { now: new Date() });
    cookie = `ys_admin=${token}`;
  });
  afterAll(async () => {
    heldDb.db = undefined;
    await database?.close();
  });

  it("sends a request without a session to sign in (list) or refuses it (sync), and another site's sync with 403", async () => {
    const person = await createAttendee(database.db);
    const list = await get({});
    expect(list.status).toBe(302);
    expect(list.headers.get("Location")).toMatch(/^\/admin\/login/);
    const item = { id: randomUUID(), ticket: person.ticket_id, method: "ticket-id", at: new Date().toISOString() };
    expect((await post({ door: "Main gate", checkIns: [item] }, { Origin: ORIGIN })).status).toBe(401);
    expect((await post({ door: "Main gate", checkIns: [item] }, { Cookie: cookie, Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ door: "Main gate", checkIns: [item] }, { Cookie: cookie })).status).toBe(403);
    // Nothing was recorded: the same check-in now applies.
    expect((await (await post({ door: "Main gate", checkIns: [item] })).json()).results).toEqual([{ id: item.id, status: "applied" }]);
  });

  it("answers the door's list as JSON arrays, never cached, without e-mail, whole phone or row ids", async () => {
    const person = await createAttendee(database.db, {
      full_name: "Aaaa First In List",
      organization: "Gusau Youth Forum",
      position: "Secretary",
      state: "Zamfara",
      local_government: "Tsafe",
      phone: "+2348035550642",
    });
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const text = await response.clone().text();
    expect(text).not.toContain(person.email);
    // The phone's last three digits tell namesakes apart at the door; never the whole number.
    expect(text).not.toContain("8035550642");
    expect(text).not.toContain(person.id);
    const list = JSON.parse(text);
    expect(Object.keys(list).sort()).toEqual([
      "attendees",
      "cancelled",
      "deleteAfter",
      "edition",
      "eventDate",
      "eventDateLabels",
      "generatedAt",
      "keys",
      "lists",
      "walkInShares",
    ]);
    // No check-in lists yet; no seats for walk-ins without the network (none kept per phone by default).
    expect(list.lists).toEqual([]);
    expect(list.walkInShares).toEqual([]);
    expect(list.attendees).toContainEqual([
      person.ticket_id,
      "Aaaa First In List",
      "Gusau Youth Forum",
      "Zamfara",
      null,
      null,
      "Secretary",
      "Tsafe",
      "642",
    ]);
    expect(list.keys[0]).toEqual({ id: expect.any(String), publicKey: expect.any(String) });
  });

  it("applies a sync once: the same batch again is all 'duplicate'; answers the door counts and the conflicts", async () => {
    const people = await Promise.all([1, 2].map(() => createAttendee(database.db)));
    const batch = {
      door: "  Side door\u0000 ",
      checkIns: people.map((p) => ({
        id: randomUUID(),
        ticket: signDoorCode(p.ticket_id, SECRET),
        method: "scan",
        at: new Date().toISOString(),
      })),
    };
    const first = await post(batch);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const body = await first.json();
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(["applied", "applied"]);
    expect(body.doors).toContainEqual({ door: "Side door", count: 2 });
    expect(body.conflicts).toBe(0);
    const again = await (await post(batch)).json();
    expect(again.results).toEqual(batch.checkIns.map((c) => ({ id: c.id, status: "duplicate" })));
    expect(again.doors).toEqual(body.doors);

    const list = await (await get()).json();
    const row = list.attendees.find((a: string[]) => a[0] === people[0]?.ticket_id);
    expect(row?.slice(4, 6)).toEqual([expect.any(String), "Side door"]);
  });

  it("opened as a page, sends a visitor to sign in and tells a door that only POST is taken", async () => {
    const open = (headers: Record<string, string>) =>
      answer(() =>
        syncLoader(args(new Request(`${ORIGIN}/admin/check-in/sync`, { headers })) as unknown as Parameters<typeof syncLoader>[0]),
      );
    const signedOut = await open({});
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/admin\/login/);
    const signedIn = await open({ Cookie: cookie });
    expect([signedIn.status, signedIn.headers.get("Allow")]).toEqual([405, "POST"]);
  });

  it("refuses a body that is not the sync's JSON with 400", async () => {
    for (const body of ["not json", { door: "A" }, { checkIns: [{ id: "nope" }] }, { checkIns: Array(501).fill({}) }]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });
});
