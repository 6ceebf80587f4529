import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { writeSection, writeSubsection } from "./docs-section";

it("replaces one section, keeps the others and that section's hand-written analysis", () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-docs-")), "BENCHMARKS.md");
  writeFileSync(
    file,
    ["# Benchmarks", "", "## A", "", "old a", "", "## B", "", "old b", "", "### Where the time goes", "", "kept", "", "## C", "", "c"].join(
      "\n",
    ),
  );
  writeSection("## B", "newer b", file);
  writeSection("## D", "d", file);
  const text = readFileSync(file, "utf8");
  expect(text).toBe(
    [
      "# Benchmarks",
      "",
      "## A",
      "",
      "old a",
      "",
      "## B",
      "",
      "newer b",
      "",
      "### Where the time goes",
      "",
      "kept",
      "",
      "## C",
      "",
      "c",
      "",
      "## D",
      "",
      "d",
      "",
    ].join("\n"),
  );
});

it("writes a subsection of its own, which the section's benchmark keeps when it rewrites the section", () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-docs-")), "BENCHMARKS.md");
  writeFileSync(file, ["# Benchmarks", "", "## A", "", "a", "", "### Where the time goes", "", "why", "", "## B", "", "b", ""].join("\n"));
  writeSubsection("## A", "### Rush", "rush 1", file);
  writeSubsection("## A", "### Rush", "rush 2", file);
  writeSection("## A", "newer a", file, ["### Rush"]);
  expect(readFileSync(file, "utf8")).toBe(
    [
      "# Benchmarks",
      "",
      "## A",
      "",
      "newer a",
      "",
      "### Where the time goes",
      "",
      "why",
      "",
      "### Rush",
      "",
      "rush 2",
      "",
      "## B",
      "",
      "b",
      "",
    ].join("\n"),
  );
});
