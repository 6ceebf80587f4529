import { describe, expect, it } from "vitest";
import { parseKeyGenerations } from "./key-generations";
import { createKeyring, deriveKey } from "./keys.server";

const SECRET = "a".repeat(64);

describe("keys per purpose", () => {
  it("derives a different key for every purpose and generation", () => {
    const keys = new Set(
      (["door", "self-service", "waitlist", "form-stamp", "session"] as const).flatMap((purpose) =>
        [1, 2].map((generation) => deriveKey(SECRET, purpose, generation).toString("hex")),
      ),
    );
    expect(keys.size).toBe(10);
  });

  it("signs with the current generation and accepts only the generations listed", () => {
    const ring = createKeyring(SECRET, parseKeyGenerations("self-service=3+2"));
    expect(ring.current("self-service").id).toBe("3");
    expect(ring.byId("self-service", "2")).toEqual(deriveKey(SECRET, "self-service", 2));
    expect(ring.byId("self-service", "1")).toBeNull();
    // Other purposes stay on their first generation: rotating one voids nothing else.
    expect(ring.current("door")).toEqual({ id: "1", key: deriveKey(SECRET, "door", 1) });
    expect(ring.byId("door", "2")).toBeNull();
    expect(ring.byId("door", "")).toBeNull();
    expect(ring.byId("door", "\u0000")).toBeNull();
  });

  it("refuses a setting it cannot read, with a sentence", () => {
    expect(() => parseKeyGenerations("tickets=2")).toThrow(/purpose/);
    expect(() => parseKeyGenerations("door=0")).toThrow(/generations/);
    expect(() => parseKeyGenerations("door=36")).toThrow(/generations/);
    expect(parseKeyGenerations(" door=2+1 , session=4 ")).toEqual({ door: [2, 1], session: [4] });
  });
});
