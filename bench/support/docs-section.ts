import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const BENCHMARKS_FILE = path.resolve(import.meta.dirname, "../../docs/BENCHMARKS.md");

/** A hand-written subsection a benchmark keeps when it rewrites its own section. */
const ANALYSIS_HEADING = "### Where the time goes";

/**
 * Replaces one benchmark's section of docs/BENCHMARKS.md (from `heading` up to the
 * next `## `) with `body`, leaving the other benchmarks' sections as they are and
 * keeping this section's hand-written analysis under ANALYSIS_HEADING.
 */
export function writeSection(heading: string, body: string, file = BENCHMARKS_FILE): void {
  // Read right before writing: other benchmarks write their own sections of the same file.
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const start = current.indexOf(heading);
  const end = start === -1 ? -1 : current.indexOf("\n## ", start + heading.length);
  const old = start === -1 ? "" : current.slice(start, end === -1 ? undefined : end + 1);
  const analysis = old.includes(ANALYSIS_HEADING) ? `\n${old.slice(old.indexOf(ANALYSIS_HEADING)).trim()}\n` : "";
  const section = `${heading}\n\n${body.trim()}\n${analysis}`;
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const rest = end === -1 ? "" : current.slice(end + 1);
    next = `${current.slice(0, start)}${section}${rest ? `\n${rest}` : ""}`;
  }
  writeFileSync(file, `${next.trimEnd()}\n`);
}
