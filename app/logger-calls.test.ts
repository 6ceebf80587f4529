import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every log call in app/ and server/, read from the source: what it passes names no person.
// The logger's redaction and scrubbing (logger.server.ts) are the defence behind this; this
// test keeps the calls themselves honest, so a new one cannot quietly log an address.

const root = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each log call's argument text: `log.warn(` / `logger().error(` / `options.log.info(` up to its message string. */
function logCalls(): { where: string; args: string }[] {
  const calls: { where: string; args: string }[] = [];
  for (const file of [...sources(path.join(root, "app")), ...sources(path.join(root, "server"))]) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(
      /\b(?:log|logger\(\))\??\.(?:trace|debug|info|warn|error|fatal)\(([\s\S]*?)(?:"[^"]*"|`[^`]*`)\s*\)/g,
    )) {
      const line = text.slice(0, match.index).split("\n").length;
      calls.push({ where: `${path.relative(root, file)}:${line}`, args: match[1] ?? "" });
    }
  }
  return calls;
}

// A person's data by any of the names the code gives it; an IP address is kept (docs/PRIVACY.md).
const PERSONAL =
  /\b(?:email|e_mail|to|to_address|phone|full_?name|fullName|name|token|ticketUrl|url|report|body|subject|formData)\b\s*[:,}]|\.(?:email|phone|full_name|fullName|to_address|token|url|body)\b/;

describe("log calls", () => {
  it("are found (the pattern still matches the code)", () => {
    expect(logCalls().length).toBeGreaterThan(30);
  });

  it("pass ids and counts, never a person's address, phone, name, token or a page's URL", () => {
    const offending = logCalls().filter(({ args }) => PERSONAL.test(args.replace(/err: error|err: dbError/g, "")));
    expect(offending).toEqual([]);
  });
});
