import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { heldDb } from "#tests/support/held-db.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees } from "~/db/schema";
import { signDoorCode, signSelfServiceToken } from "~/modules/tickets/ticket-token.server";
import { action, loader } from "./ticket";

// /tickets/<token>'s posts as React Router calls them: the WhatsApp buttons beside "Stop telling
// me about future editions", each answered as the page answers its other posts.

const SECRET = "ticket-route-secret-0123456789abcdef";
vi.stubEnv("SESSION_SECRET", SECRET);
vi.stubEnv("PUBLIC_URL", "http://localhost:3000");
vi.mock("~/db/db.server", () => import("#tests/support/held-db.ts"));
vi.mock("~/config.server", async (importOriginal) =>
  (await import("#tests/support/whatsapp-config.ts")).withWhatsApp(await importOriginal()),
);

const ORIGIN = "http://localhost:3000";
type Args = Parameters<typeof action>[0] & Parameters<typeof loader>[0];
const args = (request: Request, token: string) =>
  ({ request, params: { token }, context: {}, url: new URL(request.url), pattern: "" }) as unknown as Args;
const post = (token: string, intent: string) =>
  action(args(new Request(`${ORIGIN}/tickets/${token}`, { method: "POST", body: new URLSearchParams({ intent }) }), token));

/** The status a route answered with, returned or thrown (a Response, or React Router's data()). */
async function statusOf(call: () => Promise<unknown>): Promise<number> {
  try {
    const value = await call();
    if (value instanceof Response) return value.status;
    return (value as { init?: ResponseInit | null }).init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const init = (thrown as { init?: ResponseInit }).init;
    if (init) return init.status ?? 500;
    throw thrown;
  }
}

describe("the ticket page's WhatsApp posts", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    heldDb.db = database.db;
  });
  afterAll(async () => {
    heldDb.db = undefined;
    await database?.close();
  });

  it("asks and stops by the person's own link, answering with the page again; a door code is no such link", async () => {
    const person = await createAttendee(database.db);
    const token = signSelfServiceToken(person.id, SECRET);
    const page = await loader(args(new Request(`${ORIGIN}/tickets/${token}`), token));
    expect((page as unknown as { data: { whatsapp: unknown } }).data.whatsapp).toEqual({ on: false, phone: expect.any(String) });

    const asked = (await post(token, "whatsapp-start")) as Response;
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(`/tickets/${token}#whatsapp`);
    const [row] = await database.db.select().from(attendees).where(eq(attendees.id, person.id));
    expect(row?.whatsapp_opt_in).toBe(true);
    expect(await statusOf(() => post(token, "whatsapp-stop"))).toBe(302);

    expect(await statusOf(() => post(signDoorCode(person.ticket_id, SECRET), "whatsapp-start"))).toBe(404);
    expect(await statusOf(() => post(token, "something-else"))).toBe(400);
  });
});
