import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { audit_log, check_ins, door_walk_in_shares } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { recordListFetch } from "~/modules/checkin/door-devices.server";
import { applyDoorWalkIns } from "~/modules/checkin/walk-in-sync.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { generateTicketId } from "~/modules/tickets/ticket-id";
import { operationsAction } from "./operations-actions.server";
import { type WalkInsOverview, walkInsOverview } from "./walk-ins-overview.server";
import { RELEASE_SEATS_INTENT, WalkInsPanel } from "./walk-ins-panel";

/** The seats each door phone holds for walk-ins offline (Event Settings). */
const PER_PHONE = 5;

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
const at = (clock: string) => new Date(`2026-11-21T${clock}:00+01:00`);
// The panel as the route renders it: its links and forms need a data router.
function Page() {
  const { walkIns, kept } = useLoaderData() as { walkIns: WalkInsOverview; kept: number };
  return <WalkInsPanel walkIns={walkIns} kept={kept} action="/admin/operations" />;
}
const Stub = createRoutesStub([{ id: "operations", path: "/admin/operations", Component: Page }]);
const render = (walkIns: WalkInsOverview, kept: number, search = "") =>
  renderToString(
    <Stub initialEntries={[`/admin/operations${search}`]} hydrationData={{ loaderData: { operations: { walkIns, kept } } }} />,
  );

describe.each(DATABASE_KINDS)("Event Operations' Walk-ins panel on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("is left out when no seat is kept for walk-ins and there is nothing to tell", async () => {
    const walkIns = await walkInsOverview(database.db);
    expect(walkIns).toEqual({ held: { total: 0, rows: [] }, conflicts: { total: 0, rows: [] } });
    expect(text(render(walkIns, 0)).trim()).toBe("");
    const t = text(render(walkIns, 5));
    expect(t).toContain("Seats held by door phones for offline walk-ins: 0");
    expect(t).toContain("No conflicts: every walk-in registered offline was new and had a seat.");
  });

  it("shows the seats each phone holds, and each walk-in conflict in one line, latest first", async () => {
    const { db } = database;
    await updateSettings(db, { max_attendees: 3, walk_in_seats: 3, walk_in_seats_per_phone: PER_PHONE });
    const hauwa = await createAdmin(db, {
      email: `ops-hauwa-${kind}@example.org`,
      name: "Hauwa",
      password: "x".repeat(12),
      role: "checkin",
    });
    const bello = await createAdmin(db, {
      email: `ops-bello-${kind}@example.org`,
      name: "Bello",
      password: "x".repeat(12),
      role: "checkin",
    });
    const [gate, side] = [randomUUID(), randomUUID()];
    await recordListFetch(db, hauwa.id, gate, at("08:00"));
    const share = (adminId: string, device: string, door: string) => ({ ticket_id: generateTicketId(), admin_id: adminId, device, door });
    const held = [share(hauwa.id, gate, "Main gate"), share(hauwa.id, gate, "Main gate"), share(bello.id, side, "")];
    await db.insert(door_walk_in_shares).values(held);
    const amina = await createAttendee(db, { full_name: "Amina Sani", email: "amina.ops@example.org" });
    await db.insert(check_ins).values({ attendee_id: amina.id, door: "VIP entrance", created_at: at("09:02") });
    const person = { phone: "0803 555 0000", gender: "female", state: "Zamfara", localGovernment: "Gusau", consent: "on" };
    const walkIns = [
      {
        id: randomUUID(),
        share: held[0]?.ticket_id ?? "",
        at: at("09:40").toISOString(),
        fields: { ...person, fullName: "Aminatu", email: "AMINA.ops@example.org" },
      },
      // No share the server granted, with no seat left: past the capacity, with a ticket ID of the server's.
      {
        id: randomUUID(),
        share: "forged <share>",
        at: at("09:50").toISOString(),
        fields: { ...person, fullName: "Bala Musa", phone: "0803 555 0001" },
      },
    ];
    const now = at("10:00");
    await applyDoorWalkIns(db, hauwa, { door: "Main gate", device: gate }, walkIns, { language: "en", now });

    const overview = await walkInsOverview(db);
    // Hauwa's first share went back with the walk-in who was registered already.
    expect(overview.held).toEqual({
      total: 2,
      rows: [
        { key: `${bello.id}.${side}`, door: "Unnamed door", by: "Bello", count: 1 },
        { key: `${hauwa.id}.${gate}`, door: "Main gate", by: "Hauwa", count: 1 },
      ],
    });
    const [past, same] = overview.conflicts.rows;
    expect(overview.conflicts.total).toBe(2);
    expect(past).toMatchObject({ full_name: "Bala Musa", kind: "Past capacity" });
    expect(past?.line).toMatch(
      /^Main gate 09:50, ticket forged <share>: registered past capacity as ZYS-[0-9A-Z]+-[0-9A-Z]{6} \(no seat was left when the phone sent it\)$/,
    );
    expect(same).toMatchObject({
      full_name: "Aminatu",
      kind: "Registered already",
      line: `Main gate 09:40, ticket ${held[0]?.ticket_id}: already registered as Amina Sani (${amina.ticket_id}), registered online, in at VIP entrance 09:02`,
    });
    const t = text(render(overview, 3));
    expect(t).toContain("Seats held by door phones for offline walk-ins: 2");
    expect(t).toContain("Main gate · Hauwa: 1 Release");
    expect(t).toContain("Registered already: Aminatu Main gate 09:40");

    // Release, without JavaScript: the link's page asks first, saying plainly what may follow.
    const gateKey = `${hauwa.id}.${gate}`;
    const asking = text(render(overview, 3, `?release-seats=${gateKey}`));
    expect(asking).toContain("Release this phone's seats?");
    expect(asking).toContain("Main gate · Hauwa holds 1 seat for walk-ins it may register offline.");
    expect(asking).toContain("Walk-ins this phone registers offline afterwards may go past the capacity");
    const form = new FormData();
    form.set("intent", RELEASE_SEATS_INTENT);
    form.set("id", gateKey.toUpperCase());
    const organiser = { id: null, email: "organiser@example.org" };
    const released = await operationsAction(db, organiser, form, "/admin/operations");
    expect(released.status).toBe(302);
    expect((await walkInsOverview(db)).held).toMatchObject({ total: 1, rows: [{ by: "Bello" }] });
    const [audit] = await db.select().from(audit_log).where(eq(audit_log.action, "walk-in.release-seats"));
    expect(audit).toMatchObject({ entity: "door_device", entity_id: gate, details: { seats: 1, door: "Main gate", account: "Hauwa" } });
    // Sent again (a double click): nothing left to release, said so.
    expect((await operationsAction(db, organiser, form, "/admin/operations")).status).toBe(302);
    expect(await db.select().from(audit_log).where(eq(audit_log.action, "walk-in.release-seats"))).toHaveLength(1);
    form.set("id", "not-a-phone");
    await expect(operationsAction(db, organiser, form, "/admin/operations")).rejects.toMatchObject({ init: { status: 400 } });
  });
});
