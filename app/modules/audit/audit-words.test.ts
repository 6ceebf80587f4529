import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasActionLabel, subjectOf } from "./audit-words";

// Every action the code records has its plain words on the Activity screen: the codes are read
// from the sources (`action: "…"`, and the constants recordAudit is given), as keys-in-code.test.ts reads message keys.

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the Activity log's words", () => {
  it("exist for every action the code records", () => {
    const actions = new Set<string>();
    for (const file of [...sources("app"), ...sources("server")]) {
      const text = readFileSync(file, "utf8");
      for (const [, action] of text.matchAll(/action: "([a-z][a-z-]*(?:\.[a-z-]+)+)"/g)) actions.add(action ?? "");
      for (const [, action] of text.matchAll(/(?:AUDIT|ACTION)[A-Z_]* = "([a-z][a-z-]*(?:\.[a-z-]+)+)"/g)) actions.add(action ?? "");
      for (const [, action] of text.matchAll(/\b(?:export|erase|postpone): "([a-z][a-z-]*(?:\.[a-z-]+)+)"/g)) actions.add(action ?? "");
    }
    expect(actions.size).toBeGreaterThan(30);
    expect([...actions].filter((action) => !hasActionLabel(action))).toEqual([]);
  });

  it("say what a record is without its random id", () => {
    expect(subjectOf("event_settings", null, new Map())).toBe("Event settings");
    expect(subjectOf("outreach_source", "12", new Map())).toBe("Outreach source 12");
    expect(subjectOf("waitlist", "0f8fad5b-d9cb-469f-a165-70867728950e", new Map())).toBe("Waitlist entry");
    expect(subjectOf("some_new_thing", null, new Map())).toBe("Some new thing");
  });
});
