import { readFileSync } from "node:fs";

// The top of a CPU profile (`npm run bench:register -- --cpu-prof DIR` writes one per server
// run): where the server's busy time went, by package and by function, idle time left out.
// Usage: node --import tsx bench/profile-top.ts FILE.cpuprofile [how many, default 15]

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, howMany = "15"] = process.argv.slice(2);
if (!file) throw new Error("usage: bench/profile-top.ts FILE.cpuprofile [N]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));

/** A package name, a Node.js module, the app's own bundle, or what V8 itself did. */
function origin({ url, functionName }: Node["callFrame"]): string {
  if (!url) return functionName === "(garbage collector)" ? "(garbage collection)" : "(V8 / native)";
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (module) return module;
  // node:zlib, node:internal/streams/…: grouped by their first part (zlib, streams, modules, …).
  if (url.startsWith("node:")) return `node:${url.replace(/^node:(internal\/(deps\/)?)?/, "").split("/")[0]}`;
  if (url.startsWith("wasm:") || /^[0-9a-f]{8}$/.test(url)) return "@electric-sql/pglite (WebAssembly)";
  if (url.includes("/build/server/")) return "the app (server bundle)";
  return url.replace(/^.*\//, "");
}

const byOrigin = new Map<string, number>();
const byFunction = new Map<string, number>();
let busy = 0;
profile.samples.forEach((id, i) => {
  const frame = nodes.get(id)?.callFrame;
  const dt = profile.timeDeltas[i] ?? 0;
  if (!frame || frame.functionName === "(idle)" || frame.functionName === "(program)") return;
  busy += dt;
  const where = origin(frame);
  byOrigin.set(where, (byOrigin.get(where) ?? 0) + dt);
  const name = `${frame.functionName || "(anonymous)"} — ${where}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + dt);
});

const top = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(howMany))
    .map(([name, t]) => `| ${name.replaceAll("|", "\\|")} | ${((100 * t) / busy).toFixed(1)} % |`);
console.log(`Busy CPU: ${(busy / 1e6).toFixed(1)} s\n\n| Where | Share of busy CPU |\n|---|---:|\n${top(byOrigin).join("\n")}`);
console.log(`\n| Function (self time) | Share of busy CPU |\n|---|---:|\n${top(byFunction).join("\n")}`);
