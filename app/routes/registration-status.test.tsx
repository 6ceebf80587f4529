import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub, MemoryRouter } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { english } from "#tests/support/english.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection, DbOrTx } from "~/db/client.server";
import { createAttendee } from "~/db/factories";
import { attendees, waitlist } from "~/db/schema";
import { Hero } from "~/modules/content/landing/hero";
import { RegisterCta } from "~/modules/content/landing/register-cta";
import { currentRegistrationStatus } from "~/modules/registration/public-status.server";
import type { RegistrationStatus } from "~/modules/settings/registration-status";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { openRegistration } from "~/modules/settings/test-data.server";
import Register from "./register";

// The registration status visitors see, from the database to the page. The
// shared e2e server cannot be closed, filled or moved past the event, so those
// states are covered here: the status, then /register and the landing page rendered with it.

const BEFORE = new Date("2025-08-01T10:00:00Z");
const EVENT_DAY_MORNING = new Date("2025-08-12T09:00:00Z"); // 10:00 in Lagos: the day has begun, not ended
const AFTER = new Date("2025-08-12T16:30:00Z"); // 17:30 in Lagos, after the 5 PM end

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

function renderRegisterPage(status: RegistrationStatus): string {
  const Stub = createRoutesStub([{ id: "register", path: "/register", Component: Register }]);
  const loaderData = {
    event: { name: "Zamfara Youth Summit", date: "2025-08-12", time: "8:00 AM - 5:00 PM", venue: "Conference Hall, Gusau" },
    status: { isOpen: status.isOpen, message: status.message, spotsRemaining: status.spotsRemaining, waitlist: status.state === "full" },
    offerHours: 24,
    stamp: "1795400000000.stamp",
  };
  return renderToString(<Stub initialEntries={["/register"]} hydrationData={{ loaderData: { register: loaderData } }} />);
}

function renderLandingParts(status: RegistrationStatus): string {
  const guest = { name: "His Excellency", title: "Governor", imageUrl: "" };
  return renderToString(
    <MemoryRouter>
      <Hero
        name="Zamfara Youth Summit"
        edition="First edition"
        date=""
        time=""
        venue=""
        about=""
        guest={guest}
        registrationOpen={status.isOpen}
      />
      <RegisterCta
        isOpen={status.isOpen}
        waitlist={status.state === "full"}
        message={status.message}
        spotsRemaining={status.spotsRemaining}
      />
    </MemoryRouter>,
  );
}

describe.each(DATABASE_KINDS)("registration status on %s", (kind) => {
  let database: DbConnection;
  // The status with its message as an English reader sees it (the module gives a catalogue key).
  const status = async (now: Date) => {
    const current = await currentRegistrationStatus(database.db, await getSettings(database.db), now);
    return { ...current, message: english(current.message) };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(waitlist);
    await database.db.delete(attendees);
    await openRegistration(database.db);
  });

  it("is open before the event with seats left, also on the event day until it ends", async () => {
    await createAttendee(database.db);
    expect(await status(BEFORE)).toMatchObject({
      isOpen: true,
      state: "open",
      message: "Registration is open",
      totalAttendees: 1,
      spotsRemaining: 499,
    });
    expect(await status(EVENT_DAY_MORNING)).toMatchObject({ isOpen: true, state: "open" });

    const page = renderRegisterPage(await status(BEFORE));
    expect(page).toContain('id="registration"');
    expect(text(page)).toContain("Register Now");
    const landing = renderLandingParts(await status(BEFORE));
    expect(landing.match(/href="\/register"/g)).toHaveLength(2);
    expect(text(landing)).toContain("FREE");
    expect(text(landing)).toContain("LIMITED");
    expect(text(landing)).toContain("INSTANT");
    expect(text(landing)).toContain("Registration closes when capacity is reached.");
    expect(text(landing)).toContain("499 seats remaining");
  });

  const closedCases: { name: string; message: string; state: string; setup: () => Promise<unknown>; now: Date }[] = [
    {
      name: "closed by the organisers",
      message: "Registration is currently closed",
      state: "closed",
      setup: () => updateSettings(database.db, { registration_enabled: false }),
      now: BEFORE,
    },
    {
      name: "full",
      message: "Event is fully booked",
      state: "full",
      setup: async () => {
        await updateSettings(database.db, { max_attendees: 2 });
        await createAttendee(database.db);
        await createAttendee(database.db);
      },
      now: BEFORE,
    },
    {
      name: "over, even when also closed and full",
      message: "Event has concluded",
      state: "concluded",
      setup: async () => {
        await updateSettings(database.db, { max_attendees: 1, registration_enabled: false });
        await createAttendee(database.db);
      },
      now: AFTER,
    },
  ];

  for (const c of closedCases.filter((c) => c.state !== "full")) {
    it(`is ${c.name}: '${c.message}' instead of the form, and no Register Now buttons on the landing page`, async () => {
      await c.setup();
      const current = await status(c.now);
      expect({ ...current, message: english(current.message) }).toMatchObject({ isOpen: false, state: c.state, message: c.message });

      const html = renderRegisterPage(current);
      expect(html).not.toContain('id="registration"');
      expect(text(html)).toContain(c.message);
      expect(text(html)).toContain("Registration is not available at the moment.");
      expect(html).toContain('role="status"');
      // A registered visitor can still ask for the ticket again.
      expect(text(html)).toContain("Lost your ticket?");

      const landing = renderLandingParts(current);
      expect(landing).not.toContain('href="/register"');
      expect(text(landing)).toContain(c.message);
      expect(text(landing)).not.toContain("seats remaining");
    });
  }

  it("is full: 'Event is fully booked' with the same form to join the waitlist, also while a freed seat is offered to it", async () => {
    const full = closedCases.find((c) => c.state === "full");
    await full?.setup();
    const current = await status(BEFORE);
    expect({ ...current, message: english(current.message) }).toMatchObject({
      isOpen: false,
      state: "full",
      message: "Event is fully booked",
    });
    const html = renderRegisterPage(current);
    expect(text(html)).toContain("Event is fully booked");
    expect(html).toContain('id="registration"');
    expect(html).toContain('name="intent" value="waitlist"');
    expect(text(html)).toContain("Join the Waitlist");
    expect(text(html)).not.toContain("Register Now");
    const landing = renderLandingParts(current);
    expect(text(landing)).toContain("Join the Waitlist");
    expect(text(landing)).not.toContain("seats remaining");

    // A seat freed and offered to the waitlist stays taken for newcomers until the offer is decided.
    const [first] = await database.db.select().from(attendees).limit(1);
    await database.db.delete(attendees).where(eq(attendees.id, first?.id ?? ""));
    await database.db.insert(waitlist).values({
      full_name: "Offered",
      email: "offered@example.org",
      phone: "+2348031234567",
      gender: "female",
      status: "offered",
      offered_at: BEFORE,
      offer_expires_at: new Date(BEFORE.getTime() + 86_400_000),
    });
    expect(await status(BEFORE)).toMatchObject({ state: "full", spotsRemaining: 0 });
    await database.db.delete(waitlist);
    expect(await status(BEFORE)).toMatchObject({ state: "open", spotsRemaining: 1 });
  });

  it("reports 'Registration status unavailable' when the database cannot be read", async () => {
    const broken = {
      select() {
        throw new Error("connection refused");
      },
    } as unknown as DbOrTx;
    const current = await currentRegistrationStatus(broken, await getSettings(database.db), BEFORE);
    expect({ ...current, message: english(current.message) }).toMatchObject({
      isOpen: false,
      state: "unavailable",
      message: "Registration status unavailable",
    });
    expect(text(renderRegisterPage(current))).toContain("Registration status unavailable");
  });
});
