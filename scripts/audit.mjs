#!/usr/bin/env node
// The dependency audit of `npm test` (layer "audit"): the packages the production server
// runs (`npm audit --omit=dev`) may have no known high or critical vulnerability. Fails on
// any. When npm's advisory service cannot be reached (an offline or mirrored registry, as
// on the build machines), says so loudly and passes: it cannot tell, and an outage of the
// service must not stop every build. Run it where the registry is reachable before a release.
import { spawnSync } from "node:child_process";

const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(result.stdout || "{}");
} catch {
  report = {};
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const reason = report.error?.summary || report.message || (result.stderr || "no answer").split("\n").find(Boolean);
  process.stdout.write(
    `[audit] SKIPPED: npm's advisory service could not be asked (${reason}). Run \`npm audit --omit=dev\` where the registry is reachable.\n`,
  );
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
process.stdout.write(
  `[audit] production dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low\n`,
);
if (serious > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === "high" || entry.severity === "critical")
      process.stdout.write(`  ${entry.severity}: ${name} ${entry.range ?? ""}\n`);
  }
  process.exit(1);
}
