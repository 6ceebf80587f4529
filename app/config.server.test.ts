import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, ensureSessionSecret, parseConfig } from "./config.server";

function configError(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("parseConfig accepted the environment");
}

describe("parseConfig", () => {
  it("runs on defaults with an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: "http://localhost:3000",
      sessionSecret: "",
      logLevel: "info",
      secureCookies: false,
      processes: 1,
      scheduleCheckMs: 60_000,
      trustProxy: false,
      cspReportOnly: false,
      formPostsPerIp: 1000,
    });
    expect(config.mailFrom).toContain("<");
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "", SMTP_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it("derives PUBLIC_URL from PORT and drops a trailing slash from a given one", () => {
    expect(parseConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(parseConfig({ PUBLIC_URL: "https://summit.example.org/" }).publicUrl).toBe("https://summit.example.org");
  });

  it("marks cookies Secure exactly when PUBLIC_URL is https", () => {
    expect(parseConfig({ PUBLIC_URL: "https://summit.example.org" }).secureCookies).toBe(true);
    expect(parseConfig({ PUBLIC_URL: "http://summit.example.org" }).secureCookies).toBe(false);
  });

  // ── Sign-in hardening ──
  it("reads REQUIRE_TWO_FACTOR: none by default, organisers when asked, anything else refused by name", () => {
    expect(parseConfig({}).requireTwoFactor).toBe("none");
    expect(parseConfig({ REQUIRE_TWO_FACTOR: "organisers" }).requireTwoFactor).toBe("organisers");
    expect(parseConfig({ REQUIRE_TWO_FACTOR: "none" }).requireTwoFactor).toBe("none");
    for (const bad of ["everyone", "ORGANISERS", "organisers\u0000", "true"]) {
      expect(() => parseConfig({ REQUIRE_TWO_FACTOR: bad })).toThrow(
        /^Invalid configuration: REQUIRE_TWO_FACTOR=.*expected organisers or none$/,
      );
    }
  });
  // ── end sign-in hardening ──

  it("accepts PostgreSQL and SMTP URLs", () => {
    const config = parseConfig({
      DATABASE_URL: "postgresql://summit:secret@db:5432/summit",
      SMTP_URL: "smtps://user:pass@mail.example.org:465",
      MAIL_FROM: "Summit <tickets@example.org>",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      databaseUrl: "postgresql://summit:secret@db:5432/summit",
      smtpUrl: "smtps://user:pass@mail.example.org:465",
      mailFrom: "Summit <tickets@example.org>",
      logLevel: "warn",
    });
  });

  it.each([
    [{ PORT: "abc" }, "PORT", "port number"],
    [{ PORT: "70000" }, "PORT", "port number"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL", "postgres://"],
    [{ SMTP_URL: "nonsense" }, "SMTP_URL", "smtp://"],
    [{ PUBLIC_URL: "summit.example.org" }, "PUBLIC_URL", "https://"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET", "at least 32 characters"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL", "expected one of"],
    [{ WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://db/x" }, "WEB_CONCURRENCY", "between 1 and 64"],
    [{ WEB_CONCURRENCY: "2" }, "WEB_CONCURRENCY", "needs DATABASE_URL"],
    [{ SCHEDULE_CHECK_SECONDS: "0" }, "SCHEDULE_CHECK_SECONDS", "between 1 and 3600"],
    [{ SCHEDULE_CHECK_SECONDS: "1.5" }, "SCHEDULE_CHECK_SECONDS", "between 1 and 3600"],
    [{ MAIL_LEASE_SECONDS: "9" }, "MAIL_LEASE_SECONDS", "between 10 and 3600"],
    [{ MAIL_LEASE_SECONDS: "a minute" }, "MAIL_LEASE_SECONDS", "between 10 and 3600"],
  ])("refuses %o with one line naming %s", (env, name, expected) => {
    const error = configError(env);
    expect(error.message).not.toContain("\n");
    expect(error.message).toContain(name);
    expect(error.message).toContain(expected);
  });

  it("takes 1,000 public form posts per network per 10 minutes unless FORM_POSTS_PER_IP says otherwise (at least 100)", () => {
    expect(parseConfig({}).formPostsPerIp).toBe(1000);
    expect(parseConfig({ FORM_POSTS_PER_IP: "300" }).formPostsPerIp).toBe(300);
    expect(() => parseConfig({ FORM_POSTS_PER_IP: "99" })).toThrow(/at least 100/);
  });

  it("asks every SCHEDULE_CHECK_SECONDS whether scheduled work is due", () => {
    expect(parseConfig({ SCHEDULE_CHECK_SECONDS: "5" }).scheduleCheckMs).toBe(5_000);
  });

  it("leaves a message taken for sending to its instance for a minute unless MAIL_LEASE_SECONDS says otherwise", () => {
    expect(parseConfig({}).mailLeaseMs).toBe(60_000);
    expect(parseConfig({ MAIL_LEASE_SECONDS: "15" }).mailLeaseMs).toBe(15_000);
  });

  it("believes forwarded headers only as TRUST_PROXY says, and reports the CSP instead of enforcing it on request", () => {
    expect(parseConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe("loopback, 10.0.0.0/8");
    expect(configError({ TRUST_PROXY: "<script>" }).message).toContain("TRUST_PROXY");
    expect(parseConfig({ CSP_REPORT_ONLY: "true" }).cspReportOnly).toBe(true);
    expect(configError({ CSP_REPORT_ONLY: "yes" }).message).toContain("CSP_REPORT_ONLY");
  });

  it("runs several processes only on PostgreSQL", () => {
    expect(parseConfig({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db/x" }).processes).toBe(4);
  });

  // ── SMS ──
  it("sends no SMS by default, and reads each provider's settings", () => {
    expect(parseConfig({})).toMatchObject({
      smsProvider: undefined,
      africastalkingSmsUrl: "https://api.africastalking.com/version1/messaging",
      africastalkingAllowedIps: [],
      termiiBaseUrl: "https://api.ng.termii.com",
    });
    const at = parseConfig({
      SMS_PROVIDER: "africastalking",
      AFRICASTALKING_USERNAME: "zamfara-summit",
      AFRICASTALKING_API_KEY: "k".repeat(64),
      AFRICASTALKING_SENDER_ID: "ZYSummit",
      AFRICASTALKING_CALLBACK_TOKEN: "t0ken-of-at-least-16",
      AFRICASTALKING_ALLOWED_IPS: "192.0.2.10, 198.51.100.0/24,2001:db8::/32",
    });
    expect(at).toMatchObject({
      smsProvider: "africastalking",
      africastalkingUsername: "zamfara-summit",
      africastalkingApiKey: "k".repeat(64),
      africastalkingSenderId: "ZYSummit",
      africastalkingCallbackToken: "t0ken-of-at-least-16",
      africastalkingAllowedIps: ["192.0.2.10", "198.51.100.0/24", "2001:db8::/32"],
    });
    const termii = parseConfig({
      SMS_PROVIDER: "termii",
      TERMII_API_KEY: "T".repeat(40),
      TERMII_SENDER_ID: "ZYSummit",
      TERMII_BASE_URL: "https://api.ng.termii.com/",
      TERMII_SECRET_KEY: "s".repeat(32),
    });
    expect(termii).toMatchObject({ smsProvider: "termii", termiiSenderId: "ZYSummit", termiiBaseUrl: "https://api.ng.termii.com" });
    expect(
      parseConfig({
        SMS_PROVIDER: "africastalking",
        AFRICASTALKING_USERNAME: "sandbox",
        AFRICASTALKING_API_KEY: "k".repeat(64),
        AFRICASTALKING_SMS_URL: "https://api.sandbox.africastalking.com/version1/messaging",
      }).africastalkingSmsUrl,
    ).toBe("https://api.sandbox.africastalking.com/version1/messaging");
  });

  it.each([
    [{ SMS_PROVIDER: "twilio" }, "SMS_PROVIDER", "africastalking or termii"],
    [{ SMS_PROVIDER: "africastalking" }, "AFRICASTALKING_USERNAME", "needs AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY"],
    [{ SMS_PROVIDER: "africastalking", AFRICASTALKING_USERNAME: "summit" }, "AFRICASTALKING_API_KEY", "needs"],
    [
      {
        AFRICASTALKING_USERNAME: "summit",
        AFRICASTALKING_SMS_URL: "https://api.sandbox.africastalking.com/version1/messaging",
      },
      "AFRICASTALKING_USERNAME",
      "username sandbox",
    ],
    [{ SMS_PROVIDER: "termii", TERMII_SENDER_ID: "Summit" }, "TERMII_API_KEY", "needs TERMII_API_KEY"],
    [{ SMS_PROVIDER: "termii", TERMII_API_KEY: "T".repeat(40) }, "TERMII_SENDER_ID", "needs"],
    [{ AFRICASTALKING_SENDER_ID: "A sender far too long" }, "AFRICASTALKING_SENDER_ID", "sender ID"],
    [{ AFRICASTALKING_SMS_URL: "ftp://x" }, "AFRICASTALKING_SMS_URL", "https://"],
    [{ AFRICASTALKING_CALLBACK_TOKEN: "short" }, "AFRICASTALKING_CALLBACK_TOKEN", "16 to 128"],
    [{ AFRICASTALKING_CALLBACK_TOKEN: "with/slash/and?query=1" }, "AFRICASTALKING_CALLBACK_TOKEN", "16 to 128"],
    [{ AFRICASTALKING_ALLOWED_IPS: "192.0.2.300" }, "AFRICASTALKING_ALLOWED_IPS", "CIDR"],
    [{ AFRICASTALKING_ALLOWED_IPS: "10.0.0.0/33" }, "AFRICASTALKING_ALLOWED_IPS", "CIDR"],
    [{ AFRICASTALKING_ALLOWED_IPS: "africastalking.com" }, "AFRICASTALKING_ALLOWED_IPS", "CIDR"],
    [{ TERMII_BASE_URL: "api.ng.termii.com" }, "TERMII_BASE_URL", "https://"],
  ])("refuses SMS settings %o with one line naming %s", (env, name, expected) => {
    const error = configError(env);
    expect(error.message).not.toContain("\n");
    expect(error.message).toContain(name);
    expect(error.message).toContain(expected);
  });

  it("never echoes an SMS API key, secret or callback token", () => {
    expect(configError({ AFRICASTALKING_API_KEY: "hunter2" }).message).not.toContain("hunter2");
    expect(configError({ TERMII_API_KEY: "hunter2" }).message).not.toContain("hunter2");
    expect(configError({ TERMII_SECRET_KEY: "hunter2" }).message).not.toContain("hunter2");
    expect(configError({ AFRICASTALKING_CALLBACK_TOKEN: "hunter2" }).message).not.toContain("hunter2");
  });
  // ── end SMS ──

  it("never echoes a secret or a URL password", () => {
    expect(configError({ SESSION_SECRET: "hunter2" }).message).not.toContain("hunter2");
    expect(configError({ DATABASE_URL: "mysql://root:hunter2@db/x" }).message).not.toContain("hunter2");
  });
});

describe("ensureSessionSecret", () => {
  it("creates a secret in DATA_DIR once and reuses it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "summit-config-"));
    try {
      const config = parseConfig({ DATA_DIR: dir });
      const first = ensureSessionSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(ensureSessionSecret(config)).toBe(first);
      expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives processes that start together on one DATA_DIR the same secret, and leaves no drafts", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "summit-config-"));
    try {
      // Six processes, as containers scaled up on one volume: each waits for the same moment.
      const at = Date.now() + 1_500;
      const script =
        'const { ensureSessionSecret, parseConfig } = await import("./app/config.server.ts");' +
        `while (Date.now() < ${at});` +
        "console.log(ensureSessionSecret(parseConfig({ DATA_DIR: process.env.DIR })));";
      const secrets = await Promise.all(
        Array.from({ length: 6 }, () => {
          const child = spawn(process.execPath, ["--import", "tsx", "-e", script], {
            cwd: path.resolve(import.meta.dirname, ".."),
            env: { PATH: process.env.PATH, DIR: dir },
          });
          let out = "";
          child.stdout.on("data", (chunk) => {
            out += chunk;
          });
          return new Promise<string>((resolve) => child.on("close", () => resolve(out.trim())));
        }),
      );
      expect(new Set(secrets)).toEqual(new Set([readFileSync(path.join(dir, "session-secret"), "utf8").trim()]));
      expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(readdirSync(dir)).toEqual(["session-secret"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a secret file too short to sign with rather than replace it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "summit-config-"));
    try {
      writeFileSync(path.join(dir, "session-secret"), "short\n");
      expect(() => ensureSessionSecret(parseConfig({ DATA_DIR: dir }))).toThrow(/no usable secret/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("prefers SESSION_SECRET when set", () => {
    const secret = "s".repeat(40);
    expect(ensureSessionSecret(parseConfig({ SESSION_SECRET: secret, DATA_DIR: "/nonexistent/never-created" }))).toBe(secret);
  });
});

describe("getConfig in a process", () => {
  it("exits 1 with one line on stderr naming the variable", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "summit-config-"));
    try {
      const result = spawnSync(
        process.execPath,
        ["--import", "tsx", "-e", 'const { getConfig } = await import("./app/config.server.ts"); getConfig(); console.log("started");'],
        {
          cwd: path.resolve(import.meta.dirname, ".."),
          env: { PATH: process.env.PATH, PORT: "abc", DATA_DIR: dir },
          encoding: "utf8",
          timeout: 30_000,
        },
      );
      expect(result.status).toBe(1);
      expect(result.stdout).not.toContain("started");
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("PORT");
      expect(lines[0]).toContain("port number");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
