import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { CSP_REPORT_MAX_BYTES, CSP_REPORTS_PER_WINDOW, cspReports, summarizeCspReport } from "./csp-report";

// /csp-report on a bare Express app: what it keeps of a report, and what it refuses to read.

const TICKET = "http://127.0.0.1:3000/tickets/ZYS-ABC123.s1gnaturE_-xxxxxxxxxxxxx?from=mail";

async function withReports<T>(run: (post: (body: string, type?: string) => Promise<number>, logged: unknown[]) => Promise<T>) {
  const logged: unknown[] = [];
  const app = express();
  app.post("/csp-report", cspReports({ warn: (entry: unknown) => void logged.push(entry) } as never));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const post = async (body: string, type = "application/csp-report") =>
    (await fetch(`http://127.0.0.1:${port}/csp-report`, { method: "POST", headers: { "content-type": type }, body })).status;
  try {
    return await run(post, logged);
  } finally {
    server.close();
  }
}

describe("/csp-report", () => {
  it("keeps the directive and the blocked origin, never a page's path or query", async () => {
    await withReports(async (post, logged) => {
      const report = {
        "csp-report": {
          "document-uri": TICKET,
          "violated-directive": "script-src-elem",
          "blocked-uri": "https://evil.example/x.js?t=1",
          referrer: TICKET,
        },
      };
      expect(await post(JSON.stringify(report))).toBe(204);
      expect(logged).toEqual([{ directive: "script-src-elem", blocked: "https://evil.example" }]);
      expect(JSON.stringify(logged)).not.toContain("ZYS-ABC123");
    });
  });

  it("reads the Reporting API's form, and keywords such as inline", () => {
    expect(
      summarizeCspReport([
        { type: "csp-violation", url: TICKET, body: { documentURL: TICKET, effectiveDirective: "style-src", blockedURL: "inline" } },
      ]),
    ).toEqual({
      directive: "style-src",
      blocked: "inline",
    });
    expect(summarizeCspReport({ "csp-report": { "violated-directive": "img-src <script>", "blocked-uri": TICKET } })).toEqual({
      directive: "img-src",
      blocked: "http://127.0.0.1:3000",
    });
    expect(summarizeCspReport("\u0000")).toEqual({ directive: "unknown", blocked: "unknown" });
  });

  it("refuses a report over a few KB, or malformed, without logging it", async () => {
    await withReports(async (post, logged) => {
      expect(await post(JSON.stringify({ "csp-report": { "document-uri": "x".repeat(CSP_REPORT_MAX_BYTES) } }))).toBe(413);
      expect(await post('{"csp-report": amina@example.com')).toBe(400);
      expect(logged).toEqual([]);
    });
  });

  it("takes a handful of reports per network, then answers 429 without reading them", async () => {
    await withReports(async (post, logged) => {
      const body = JSON.stringify({ "csp-report": { "violated-directive": "img-src", "blocked-uri": "data" } });
      const statuses: number[] = [];
      for (let i = 0; i < CSP_REPORTS_PER_WINDOW + 5; i++) statuses.push(await post(body));
      expect(statuses.filter((s) => s === 204)).toHaveLength(CSP_REPORTS_PER_WINDOW);
      expect(statuses.slice(CSP_REPORTS_PER_WINDOW).every((s) => s === 429)).toBe(true);
      expect(logged).toHaveLength(CSP_REPORTS_PER_WINDOW);
    });
  });
});
