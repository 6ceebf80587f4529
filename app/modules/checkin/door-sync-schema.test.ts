import { describe, expect, it } from "vitest";
import { DOOR_SYNC_MAX_ITEMS } from "./door-sync-limits";
import { doorFormOrigin, doorSyncSchema } from "./door-sync-schema";

const item = (overrides: Record<string, unknown> = {}) => ({
  id: "0b6c1f9e-2a5d-4c7e-9f1a-3b2d4e5f6a7b",
  ticket: "ZYS-MDO1I0KD-O0I1AB",
  method: "ticket-id",
  at: "2026-11-21T09:02:00.000Z",
  ...overrides,
});

describe("the door sync's request", () => {
  it("cleans the door name: control characters dropped, trimmed, cut at 60 characters", () => {
    expect(doorSyncSchema.parse({ door: "  Main\u0000 gate\u202e \n", checkIns: [] }).door).toBe("Main gate");
    expect(doorSyncSchema.parse({ checkIns: [] }).door).toBe("");
    expect(doorSyncSchema.parse({ door: `  ${"ƙ".repeat(60)}  `, checkIns: [] }).door).toHaveLength(60);
    // Longer is cut, never refused: the check-ins queued under it must still reach the server.
    expect(doorSyncSchema.parse({ door: "x".repeat(61), checkIns: [] }).door).toBe("x".repeat(60));
    // Characters outside the BMP count once each, as the database counts them.
    expect([...doorSyncSchema.parse({ door: "\u{1D400}".repeat(70), checkIns: [] }).door]).toHaveLength(60);
  });

  it(`takes ${DOOR_SYNC_MAX_ITEMS} check-ins at most, each with a uuid, a ticket, a known method and an ISO time`, () => {
    expect(doorSyncSchema.safeParse({ door: "A", checkIns: Array(DOOR_SYNC_MAX_ITEMS).fill(item()) }).success).toBe(true);
    expect(doorSyncSchema.safeParse({ door: "A", checkIns: Array(DOOR_SYNC_MAX_ITEMS + 1).fill(item()) }).success).toBe(false);
    expect(doorSyncSchema.safeParse({ checkIns: [item({ at: "2026-11-21T10:02:00+01:00" })] }).success).toBe(true);
    for (const bad of [
      { id: "not-a-uuid" },
      { ticket: "" },
      { ticket: "x".repeat(501) },
      { method: "guess" },
      { at: "yesterday" },
      { at: 1_795_000_000_000 },
    ])
      expect(doorSyncSchema.safeParse({ checkIns: [item(bad)] }).success, JSON.stringify(bad)).toBe(false);
    expect(doorSyncSchema.safeParse({ door: "A" }).success).toBe(false);
  });
});

describe("where a door's form was sent from", () => {
  const form = (entries: Record<string, string | Blob>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(entries)) data.set(name, value);
    return data;
  };

  it("reads the door's name as the sync stores it, and the form's and device's ids", () => {
    const id = "0B6C1F9E-2A5D-4C7E-9F1A-3B2D4E5F6A7B";
    expect(doorFormOrigin(form({ door: "  Hall\u0000 B ɗ ƙ\u202e ", client_id: id, device: id }))).toEqual({
      door: "Hall B ɗ ƙ",
      clientId: id,
      device: id,
    });
  });

  it("leaves out what is not one (a plain form sends nothing; a file or a made-up id is no id) without refusing the form", () => {
    expect(doorFormOrigin(form({}))).toEqual({ door: undefined, clientId: undefined, device: undefined });
    expect(doorFormOrigin(form({ client_id: "1; drop table", device: new Blob(["x"]), door: new Blob(["y"]) }))).toEqual({
      door: undefined,
      clientId: undefined,
      device: undefined,
    });
  });
});
