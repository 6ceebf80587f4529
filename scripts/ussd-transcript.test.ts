import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ussdTranscript } from "./ussd-transcript";

// docs/USSD.md shows whole sessions as the menu says them today.
it("docs/USSD.md carries the current transcript (node --import tsx scripts/ussd-transcript.ts)", () => {
  const doc = readFileSync(path.resolve(import.meta.dirname, "../docs/USSD.md"), "utf8");
  expect(doc).toContain(ussdTranscript());
});
