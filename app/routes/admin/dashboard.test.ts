import { redirect } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Db, type DbConnection, openDbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { requireAdmin } from "~/modules/auth/session.server";
import { EMPTY_DASHBOARD_STATS } from "~/modules/stats/dashboard.server";
import { loader } from "./dashboard";

// The loader's contract: the admin check first, the figures second, and a database
// failure turned into the error toast with zeros instead of an error page.
vi.mock("~/modules/auth/session.server", () => ({ requireAdmin: vi.fn() }));
vi.mock("~/logger.server", () => ({ logger: () => ({ error: vi.fn() }) }));

const admin = { id: "00000000-0000-0000-0000-0000000000aa", email: "admin@example.org", name: "Admin", role: "organiser" as const };
const args = () => ({ request: new Request("http://localhost/admin"), params: {}, context: {} }) as Parameters<typeof loader>[0];

describe("dashboard loader", () => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await openDbConnection({ kind: "memory" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("returns the figures for a signed-in admin", async () => {
    await createAttendee(database.db, { gender: "male", state: "Zamfara" });
    vi.mocked(requireAdmin).mockResolvedValueOnce({ admin, db: database.db });
    const data = await loader(args());
    expect(data.error).toBeNull();
    expect(data.toast).toBeNull();
    expect(data.stats).toMatchObject({ totalAttendees: 1, topStates: [{ name: "Zamfara", count: 1 }] });
    // The default event date is long past and no purge has run on this database yet.
    expect(data.retention).toMatchObject({ state: "due-soon", days: 90 });
  });

  it("lets the sign-in redirect through and reads nothing", async () => {
    vi.mocked(requireAdmin).mockRejectedValueOnce(redirect("/admin/login"));
    await expect(loader(args())).rejects.toMatchObject({ status: 302 });
  });

  it("shows zeros and 'Failed to load dashboard data' when the database fails", async () => {
    const broken = {
      select: () => {
        throw new Error("connection terminated unexpectedly");
      },
    } as unknown as Db;
    vi.mocked(requireAdmin).mockResolvedValueOnce({ admin, db: broken });
    const data = await loader(args());
    expect(data.error).toBe("Failed to load dashboard data");
    expect(data.toast).toMatchObject({ type: "error", title: "Failed to load dashboard data", duration: 4000 });
    expect(data.stats).toEqual(EMPTY_DASHBOARD_STATS);
    expect(data.retention).toEqual({ state: "none" });
  });
});
