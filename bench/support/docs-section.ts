import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const BENCHMARKS_FILE = path.resolve(import.meta.dirname, "../../docs/BENCHMARKS.md");

/** A hand-written subsection a benchmark keeps when it rewrites its own section. */
const ANALYSIS_HEADING = "### Where the time goes";

type Located = { text: string; start: number; end: number };

/** Where `heading`'s section is in `text`: from the heading up to the next `## ` (or the end); start -1 when absent. */
function locate(text: string, heading: string): Located {
  const start = text.indexOf(heading);
  if (start === -1) return { text, start, end: -1 };
  const next = text.indexOf("\n## ", start + heading.length);
  return { text, start, end: next === -1 ? text.length : next + 1 };
}

/** The `### ` subsections of a section's text whose heading line is one of `headings`, in their order. */
function subsections(section: string, headings: readonly string[]): string[] {
  return section
    .split(/\n(?=### )/)
    .slice(1)
    .filter((part) => headings.includes(part.slice(0, part.indexOf("\n") === -1 ? undefined : part.indexOf("\n")).trim()))
    .map((part) => part.trim());
}

function read(file: string): string {
  // Read right before writing: other benchmarks write their own sections of the same file.
  return existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
}

function replace({ text, start, end }: Located, section: string): string {
  if (start === -1) return `${text.trimEnd()}\n\n${section}\n`;
  const rest = text.slice(end);
  return `${text.slice(0, start)}${section.trimEnd()}\n${rest ? `\n${rest}` : ""}`.trimEnd().concat("\n");
}

/**
 * Replaces one benchmark's section of docs/BENCHMARKS.md (from `heading` up to the
 * next `## `) with `body`, leaving the other benchmarks' sections as they are and
 * keeping this section's hand-written analysis under ANALYSIS_HEADING and the
 * subsections named in `keep` (written on their own by writeSubsection).
 */
export function writeSection(heading: string, body: string, file = BENCHMARKS_FILE, keep: readonly string[] = []): void {
  const found = locate(read(file), heading);
  const old = found.start === -1 ? "" : found.text.slice(found.start, found.end);
  const kept = subsections(old, [...keep, ANALYSIS_HEADING]);
  const section = [`${heading}\n\n${body.trim()}`, ...kept].join("\n\n");
  writeFileSync(file, replace(found, section));
}

/**
 * Replaces (or adds at the end of) the subsection `subheading` of the section `heading`,
 * leaving the rest of that section, and the file, as they are.
 */
export function writeSubsection(heading: string, subheading: string, body: string, file = BENCHMARKS_FILE): void {
  const found = locate(read(file), heading);
  const old = found.start === -1 ? heading : found.text.slice(found.start, found.end).trimEnd();
  const fresh = `${subheading}\n\n${body.trim()}`;
  const at = old.indexOf(`\n${subheading}\n`);
  let section: string;
  if (at === -1) {
    section = `${old}\n\n${fresh}`;
  } else {
    const next = old.indexOf("\n### ", at + subheading.length + 1);
    section = `${old.slice(0, at)}\n${fresh}${next === -1 ? "" : `\n${old.slice(next)}`}`;
  }
  writeFileSync(file, replace(found, section));
}
