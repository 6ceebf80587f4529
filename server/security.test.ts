import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { securityHeaders } from "./security";

// The headers on their own, on a bare Express app, for the settings a browser test cannot
// reach (https, report-only). The browser tests check the real site's pages.

async function headersOf(env: Record<string, string>, path: string): Promise<Headers> {
  const app = express();
  app.use(securityHeaders(parseConfig(env)));
  app.use((_req, res) => {
    res.send(`nonce ${res.locals.cspNonce}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    const body = await response.text();
    const nonce = body.replace("nonce ", "");
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    if (response.headers.get("content-security-policy"))
      expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    return response.headers;
  } finally {
    server.close();
  }
}

describe("security headers", () => {
  it("set a strict policy with a fresh nonce, and the headers around it, on plain http", async () => {
    const headers = await headersOf({}, "/");
    const csp = headers.get("content-security-policy") ?? "";
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' 'nonce-",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Upgrading requests on a plain-http site would break every asset.
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(headers.get("strict-transport-security")).toBeNull();
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(headers.get("permissions-policy")).toMatch(/^camera=\(\), .*microphone=\(\).*geolocation=\(\)|^camera=\(\), /);
    expect(headers.get("x-frame-options")).toBe("DENY");
  });

  it("allow the camera to admin pages only, and our uploads to be shown elsewhere (e-mails)", async () => {
    expect((await headersOf({}, "/admin/check-in")).get("permissions-policy")).toMatch(/^camera=\(self\), /);
    expect((await headersOf({}, "/admin.data")).get("permissions-policy")).toMatch(/^camera=\(self\), /);
    expect((await headersOf({}, "/administrator")).get("permissions-policy")).toMatch(/^camera=\(\), /);
    expect((await headersOf({}, "/media/abc.webp")).get("cross-origin-resource-policy")).toBe("cross-origin");
    expect((await headersOf({}, "/")).get("cross-origin-resource-policy")).toBe("same-site");
  });

  it("keep browsers on https when the site is https, and only report with CSP_REPORT_ONLY", async () => {
    const https = await headersOf({ PUBLIC_URL: "https://summit.example.org" }, "/");
    expect(https.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(https.get("content-security-policy")).toContain("upgrade-insecure-requests");
    const reporting = await headersOf({ CSP_REPORT_ONLY: "true" }, "/");
    expect(reporting.get("content-security-policy")).toBeNull();
    expect(reporting.get("content-security-policy-report-only")).toContain("script-src 'self' 'nonce-");
  });

  it("leave the e-mail previews' own stricter policy alone, framed by our pages only", async () => {
    const headers = await headersOf({}, "/admin/operations/preview/ticket");
    expect(headers.get("content-security-policy")).toBeNull();
    expect(headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});
