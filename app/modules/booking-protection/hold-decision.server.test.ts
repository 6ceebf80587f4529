import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import { networkLadder } from "~/client-network.server";
import type { DbConnection } from "~/db/client.server";
import { attendees, held_registrations, mail_outbox, rate_counters, registration_surges, used_form_stamps, waitlist } from "~/db/schema";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import { registrationInput } from "~/modules/person/test-data.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { openRegistration } from "~/modules/settings/test-data.server";
import { confirmHeldByCode, confirmHeldById, confirmHeldInBulk } from "~/modules/waitlist/held-confirm.server";
import { HELD_MESSAGES } from "./held-messages";
import { deleteHeldInBulk, recentSurges, sweepExpiredHolds } from "./held-registrations.server";
import { assessRegistration } from "./hold-assessment.server";
import {
  CODE_NETWORK_WINDOW_MS,
  countedDomain,
  type HoldDecision,
  hashCode,
  holdRegistration,
  MAX_CODES_PER_NETWORK,
} from "./hold-decision.server";
import { sweepAttackTraces } from "./sweep.server";

const SECRET = "holds-test-secret-0123456789abcdef";
const thresholds = { ...SETTINGS_DEFAULTS, hold_network_per_minute: 3, hold_domain_per_10_minutes: 4, hold_overall_per_minute: 50 };
// Before the test event (12 August 2025), so registration is open.
const BEFORE = new Date("2025-08-01T10:00:00Z");
const options = { secret: SECRET, now: BEFORE };
// The code form's post comes from a network, whose typed codes are counted too.
const byCode = { ...options, network: "v4:10.0.0.9" };
const NETWORK_HOLD: Extract<HoldDecision, { hold: true }> = { hold: true, reason: "network", source: "v4:10.0.0.1" };

describe("the domain rule", () => {
  it("ignores the big public providers and counts any other domain, however it is written", () => {
    expect(countedDomain("ada@gmail.com")).toBe("");
    expect(countedDomain(" Ada@YAHOO.com ")).toBe("");
    expect(countedDomain("ada@gss-gusau.edu.ng")).toBe("gss-gusau.edu.ng");
    expect(countedDomain("x@Made-Up.Example")).toBe("made-up.example");
  });
});

describe.each(DATABASE_KINDS)("holding registrations during an attack on %s", (kind) => {
  let database: DbConnection;
  const codeOf = async (heldId: string) => {
    const [mail] = await database.db.select().from(mail_outbox).where(sql`${mail_outbox.template_data}->>'heldId' = ${heldId}`);
    return String((mail?.template_data as { code?: string } | null)?.code ?? "");
  };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [held_registrations, registration_surges, rate_counters, used_form_stamps, mail_outbox, waitlist, attendees])
      await database.db.delete(table);
    await openRegistration(database.db);
  });

  it("lets the first registrations of a network through, holds the rest of that minute and while the surge lasts, not others", async () => {
    const now = new Date("2026-11-23T10:00:10Z");
    const assess = (network: string, email: string, at = now) =>
      assessRegistration(database.db, { networks: [network], email, proved: false, thresholds, now: at });
    for (let i = 0; i < 3; i++) expect(await assess("v6:2001:db8:1:2::/64", `p${i}@gmail.com`)).toEqual({ hold: false });
    const fourth = await assess("v6:2001:db8:1:2::/64", "p4@gmail.com");
    expect(fourth).toEqual({ hold: true, reason: "network", source: "v6:2001:db8:1:2::/64" });
    if (fourth.hold) await holdRegistration(database.db, registrationInput(), fourth, { expiryHours: 24, now });
    // A person on another network is not touched.
    expect(await assess("v4:197.210.1.1", "amina@gmail.com")).toEqual({ hold: false });
    // The next minute the counter is fresh, but the surge goes on: still held.
    expect((await assess("v6:2001:db8:1:2::/64", "p5@gmail.com", new Date(now.getTime() + 60_000))).hold).toBe(true);
    // Half an hour of quiet ends it.
    expect(await assess("v6:2001:db8:1:2::/64", "p6@gmail.com", new Date(now.getTime() + 32 * 60_000))).toEqual({ hold: false });
  });

  it("counts the /56 and /48 around a rotated /64: a solved challenge never lets one /48 past twice a network's rate", async () => {
    const now = new Date("2026-11-23T10:30:10Z");
    // A machine with a /48 and a solver: a new /56 and /64 for every post, every challenge solved.
    const fromNew56 = (i: number) =>
      assessRegistration(database.db, {
        networks: networkLadder(`2001:db8:48:${((i + 1) * 256).toString(16)}::1`),
        email: `bot${i}@gmail.com`,
        proved: true,
        thresholds,
        now,
      });
    const decisions = [];
    for (let i = 0; i < 8; i++) decisions.push(await fromNew56(i));
    // 3 a minute per network: the /48 takes twice that (6), then it is held, as the /48.
    expect(decisions.slice(0, 6).every((d) => !d.hold)).toBe(true);
    expect(decisions[6]).toEqual({ hold: true, reason: "network", source: "v6:2001:db8:48::/48" });
    const seventh = decisions[6];
    if (seventh?.hold)
      await holdRegistration(database.db, registrationInput({ email: "bot6@gmail.com" }), seventh, { expiryHours: 24, now });
    // The surge holds the whole /48 the next minute too, whatever /64 it posts from.
    const nextMinute = new Date(now.getTime() + 60_000);
    expect(
      await assessRegistration(database.db, {
        networks: networkLadder("2001:db8:48:ffff::9"),
        email: "bot9@gmail.com",
        proved: true,
        thresholds,
        now: nextMinute,
      }),
    ).toEqual({ hold: true, reason: "network", source: "v6:2001:db8:48::/48" });
    // A person on another /48, and on IPv4, is not touched.
    expect(
      await assessRegistration(database.db, {
        networks: networkLadder("2001:db8:49:1::1"),
        email: "amina@gmail.com",
        proved: false,
        thresholds,
        now: nextMinute,
      }),
    ).toEqual({ hold: false });
    // One /56 is held at one and a half times the rate (5 of 3): the sixth is held, as the /56.
    const within56 = [];
    for (let i = 0; i < 6; i++) {
      within56.push(
        await assessRegistration(database.db, {
          networks: networkLadder(`2001:db8:56:${(i + 1).toString(16)}::1`),
          email: `s${i}@gmail.com`,
          proved: true,
          thresholds,
          now,
        }),
      );
    }
    expect(within56.map((d) => d.hold)).toEqual([false, false, false, false, false, true]);
    expect(within56[5]).toMatchObject({ reason: "network", source: "v6:2001:db8:56:0::/56" });
    // A carrier's shared IPv4 addresses side by side: their /24 at three times one address's rate (9).
    const carrier = [];
    for (let i = 0; i < 10; i++) {
      carrier.push(
        await assessRegistration(database.db, {
          networks: networkLadder(`197.210.7.${i + 1}`),
          email: `c${i}@gmail.com`,
          proved: true,
          thresholds,
          now,
        }),
      );
    }
    expect(carrier.map((d) => d.hold)).toEqual([...Array(9).fill(false), true]);
  });

  it("counts a network's rate over the last minute, not the clock's: a burst straddling a minute's boundary is not given twice the rate", async () => {
    const at = (time: string) => new Date(`2026-11-23T10:4${time}Z`);
    const assess = (email: string, now: Date) =>
      assessRegistration(database.db, { networks: networkLadder("2001:db8:77:1::1"), email, proved: true, thresholds, now });
    // Three (the test's rate) in the last seconds of one minute: all through.
    for (let i = 0; i < 3; i++) expect(await assess(`late${i}@gmail.com`, at("0:55"))).toEqual({ hold: false });
    // Ten seconds later the clock's minute is new, but the last minute already holds three: held.
    expect(await assess("early0@gmail.com", at("1:05"))).toMatchObject({ hold: true, reason: "network" });
    // A network that was quiet the minute before is not touched.
    expect(
      await assessRegistration(database.db, {
        networks: networkLadder("2001:db8:78:1::1"),
        email: "other@gmail.com",
        proved: true,
        thresholds,
        now: at("1:05"),
      }),
    ).toEqual({ hold: false });
  });

  it("holds a burst from one e-mail domain, and overall bursts unless the challenge was solved", async () => {
    const now = new Date("2026-11-23T11:00:00Z");
    for (let i = 0; i < 4; i++) {
      expect(
        (
          await assessRegistration(database.db, {
            networks: [`v4:10.0.1.${i}`],
            email: `a${i}@fake.example`,
            proved: false,
            thresholds,
            now,
          })
        ).hold,
      ).toBe(false);
    }
    expect(
      await assessRegistration(database.db, { networks: ["v4:10.0.1.9"], email: "a9@fake.example", proved: false, thresholds, now }),
    ).toEqual({
      hold: true,
      reason: "domain",
      source: "fake.example",
    });
    const tight = { ...thresholds, hold_overall_per_minute: 1 };
    const later = new Date("2026-11-23T12:00:00Z");
    await assessRegistration(database.db, {
      networks: ["v4:10.0.2.1"],
      email: "b1@gmail.com",
      proved: false,
      thresholds: tight,
      now: later,
    });
    expect(
      (
        await assessRegistration(database.db, {
          networks: ["v4:10.0.2.2"],
          email: "b2@gmail.com",
          proved: false,
          thresholds: tight,
          now: later,
        })
      ).hold,
    ).toBe(true);
    expect(
      (
        await assessRegistration(database.db, {
          networks: ["v4:10.0.2.3"],
          email: "b3@gmail.com",
          proved: true,
          thresholds: tight,
          now: later,
        })
      ).hold,
    ).toBe(false);
    // Switched on by hand, the challenge is asked of everyone.
    const always = { ...thresholds, proof_of_work_always: true };
    expect(
      await assessRegistration(database.db, {
        networks: ["v4:10.0.3.1"],
        email: "c@gmail.com",
        proved: false,
        thresholds: always,
        now: new Date("2026-11-23T13:00:00Z"),
      }),
    ).toEqual({
      hold: true,
      reason: "challenge",
      source: "",
    });
  });

  it("takes no seat while held; the right code confirms into a ticket, five wrong ones void the code", async () => {
    const held = await holdRegistration(database.db, registrationInput({ email: "real@school.example" }), NETWORK_HOLD, {
      expiryHours: 24,
      now: BEFORE,
    });
    expect(await database.db.$count(attendees)).toBe(0);
    const code = await codeOf(held.id);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await confirmHeldByCode(database.db, held.id, wrong, byCode)).toEqual({ status: "refused", message: HELD_MESSAGES.wrongCode });
    const confirmed = await confirmHeldByCode(database.db, held.id, code, byCode);
    expect(confirmed.status).toBe("registered");
    expect(await database.db.$count(attendees)).toBe(1);
    expect(await database.db.$count(held_registrations)).toBe(0);
    // Used once: the same code again finds nothing.
    expect(await confirmHeldByCode(database.db, held.id, code, byCode)).toEqual({ status: "gone" });

    const guessed = await holdRegistration(database.db, registrationInput(), NETWORK_HOLD, { expiryHours: 24, now: BEFORE });
    const right = await codeOf(guessed.id);
    for (let i = 0; i < 5; i++)
      await confirmHeldByCode(database.db, guessed.id, String((Number(right) + i + 1) % 1_000_000).padStart(6, "0"), byCode);
    expect(await confirmHeldByCode(database.db, guessed.id, right, byCode)).toEqual({
      status: "refused",
      message: HELD_MESSAGES.tooManyCodes,
    });
    // The e-mail's link still works.
    expect((await confirmHeldById(database.db, guessed.id, options)).status).toBe("registered");
  });

  it("confirms onto the waitlist when the seats ran out meanwhile", async () => {
    await updateSettings(database.db, { max_attendees: 1 });
    const first = await holdRegistration(database.db, registrationInput(), NETWORK_HOLD, { expiryHours: 24, now: BEFORE });
    const second = await holdRegistration(database.db, registrationInput(), NETWORK_HOLD, { expiryHours: 24, now: BEFORE });
    expect((await confirmHeldById(database.db, first.id, options)).status).toBe("registered");
    expect(await confirmHeldById(database.db, second.id, options)).toMatchObject({ status: "waitlisted", position: 1 });
    expect(await database.db.$count(waitlist)).toBe(1);
  });

  it("lets organisers confirm a group and delete a script's holds in bulk, sweeps the unconfirmed, and reports the surge", async () => {
    const now = BEFORE;
    const group = await Promise.all(
      [1, 2, 3].map(() => holdRegistration(database.db, registrationInput(), NETWORK_HOLD, { expiryHours: 24, now })),
    );
    const junk = await Promise.all(
      [1, 2].map(() => holdRegistration(database.db, registrationInput(), NETWORK_HOLD, { expiryHours: 24, now })),
    );
    const actor = { id: null, email: "organiser@example.org" };
    expect(
      await confirmHeldInBulk(
        database.db,
        actor,
        group.map((g) => g.id),
        options,
      ),
    ).toEqual({ registered: 3, waitlisted: 0, refused: 0 });
    expect(await deleteHeldInBulk(database.db, actor, [...junk.map((j) => j.id), "not-a-uuid"])).toBe(2);
    const [surge] = await recentSurges(database.db, { now });
    expect(surge).toMatchObject({ reason: "network", source: "v4:10.0.0.1", held: 5, waiting: 0, ongoing: true });
    await holdRegistration(database.db, registrationInput(), NETWORK_HOLD, { expiryHours: 24, now });
    expect((await recentSurges(database.db, { now }))[0]).toMatchObject({ held: 6, waiting: 1 });

    const stale = await holdRegistration(database.db, registrationInput(), NETWORK_HOLD, {
      expiryHours: 1,
      now: new Date(now.getTime() - 2 * 3_600_000),
    });
    expect(await sweepExpiredHolds(database.db, now)).toBe(1);
    expect(await database.db.select().from(held_registrations).where(eq(held_registrations.id, stale.id))).toEqual([]);
  });

  it("keeps only a hash of the code; an address held belongs to its first poster until the hold expires", async () => {
    const victim = await holdRegistration(
      database.db,
      registrationInput({ email: "same@x.example", fullName: "Hauwa Bello" }),
      NETWORK_HOLD,
      {
        expiryHours: 24,
        now: BEFORE,
      },
    );
    const code = await codeOf(victim.id);
    // A stranger posts the address again, differently written: the same answer, nothing changed, nothing sent.
    const later = new Date(BEFORE.getTime() + 60_000);
    const stranger = await holdRegistration(
      database.db,
      registrationInput({ email: " SAME@x.example", fullName: "Impostor Name" }),
      NETWORK_HOLD,
      {
        expiryHours: 24,
        now: later,
      },
    );
    expect(stranger).toEqual({ id: victim.id, email: "same@x.example", repeated: true });
    const rows = await database.db.select().from(held_registrations);
    expect(rows.map((r) => [r.id, r.full_name])).toEqual([[victim.id, "Hauwa Bello"]]);
    expect(rows[0]?.code_hash).toBe(hashCode(victim.id, code));
    expect(await database.db.$count(mail_outbox)).toBe(1);
    expect((await recentSurges(database.db, { now: later }))[0]).toMatchObject({ held: 1, waiting: 1 });
    // Once the hold expired, the address may be held again, by anyone, with a new code.
    const afterExpiry = new Date(BEFORE.getTime() + 25 * 3_600_000);
    const again = await holdRegistration(database.db, registrationInput({ email: "same@x.example" }), NETWORK_HOLD, {
      expiryHours: 24,
      now: afterExpiry,
    });
    expect(again.repeated).toBe(false);
    expect(again.id).not.toBe(victim.id);
    expect((await database.db.select().from(held_registrations)).map((r) => r.id)).toEqual([again.id]);
  });

  it("keeps the victim's link and code working, and the five guesses per address, across a stranger's re-posts", async () => {
    const victim = await holdRegistration(database.db, registrationInput({ email: "victim@x.example" }), NETWORK_HOLD, {
      expiryHours: 24,
      now: BEFORE,
    });
    const right = await codeOf(victim.id);
    const wrong = (i: number) => String((Number(right) + i + 1) % 1_000_000).padStart(6, "0");
    let guesses = 0;
    for (let round = 0; round < 3; round++) {
      const again = await holdRegistration(database.db, registrationInput({ email: "victim@x.example" }), NETWORK_HOLD, {
        expiryHours: 24,
        now: BEFORE,
      });
      expect(again.id).toBe(victim.id);
      for (let i = 0; i < 3; i++) {
        const network = `v4:10.9.${round}.${i}`;
        const outcome = await confirmHeldByCode(database.db, again.id, wrong(guesses++), { ...options, network });
        expect(outcome.status).toBe("refused");
      }
    }
    // Nine guesses from nine networks, three re-posts: the code died at the fifth, the right one is refused too.
    expect(await confirmHeldByCode(database.db, victim.id, right, byCode)).toEqual({
      status: "refused",
      message: HELD_MESSAGES.tooManyCodes,
    });
    const [row] = await database.db.select().from(held_registrations);
    expect(row?.code_attempts).toBe(5);
    // The e-mail's link still confirms the first poster's registration.
    expect((await confirmHeldById(database.db, victim.id, options)).status).toBe("registered");
  });

  it("stops checking codes from a network past MAX_CODES_PER_NETWORK in ten minutes, across every address", async () => {
    const held = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        holdRegistration(database.db, registrationInput({ email: `fake${i}@made-up.example` }), NETWORK_HOLD, {
          expiryHours: 24,
          now: BEFORE,
        }),
      ),
    );
    let refusedByNetwork = 0;
    for (const h of held)
      for (let i = 0; i < 5; i++) {
        const outcome = await confirmHeldByCode(database.db, h.id, "000000", byCode);
        if (outcome.status === "refused" && outcome.message === HELD_MESSAGES.networkCodes) refusedByNetwork++;
      }
    expect(refusedByNetwork).toBe(35 - MAX_CODES_PER_NETWORK);
    // The last address's right code is refused too from that network, not from another, within its five.
    const last = held[6];
    if (!last) throw new Error("no hold");
    const right = await codeOf(last.id);
    expect(await confirmHeldByCode(database.db, last.id, right, byCode)).toEqual({
      status: "refused",
      message: HELD_MESSAGES.networkCodes,
    });
    expect((await confirmHeldByCode(database.db, last.id, right, { ...options, network: "v4:10.0.0.10" })).status).toBe("registered");
    // Ten minutes on, the network may type codes again.
    const fresh = await holdRegistration(database.db, registrationInput({ email: "real@made-up.example" }), NETWORK_HOLD, {
      expiryHours: 24,
      now: BEFORE,
    });
    const later = { ...byCode, now: new Date(BEFORE.getTime() + CODE_NETWORK_WINDOW_MS) };
    expect((await confirmHeldByCode(database.db, fresh.id, await codeOf(fresh.id), later)).status).toBe("registered");
  });

  it("sweeps what the defences leave behind: unconfirmed holds, finished counters, old stamps, week-old surges", async () => {
    const now = new Date("2025-08-01T12:00:00Z");
    const old = new Date(now.getTime() - 8 * 86_400_000);
    await holdRegistration(database.db, registrationInput(), NETWORK_HOLD, { expiryHours: 24, now: old });
    await database.db.update(registration_surges).set({ last_at: old });
    await database.db.insert(rate_counters).values([
      { key: "posts:v4:10.0.0.1", window_start: old, count: 3 },
      { key: "posts:v4:10.0.0.1", window_start: now, count: 1 },
    ]);
    await database.db.insert(used_form_stamps).values([
      { nonce: "a".repeat(24), used_at: old },
      { nonce: "b".repeat(24), used_at: now },
    ]);
    expect(await sweepAttackTraces(database.db, now)).toBe(1);
    expect(await database.db.$count(held_registrations)).toBe(0);
    expect(await database.db.$count(registration_surges)).toBe(0);
    expect((await database.db.select().from(rate_counters)).map((r) => r.count)).toEqual([1]);
    expect((await database.db.select().from(used_form_stamps)).map((r) => r.nonce)).toEqual(["b".repeat(24)]);
  });
});
