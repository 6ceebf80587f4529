import { readFileSync } from "node:fs";
import http from "node:http";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { signInRequest } from "../support/admin-session";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { makeRegistrant, postRegistration } from "../support/register-helper";
import { smallPng } from "../support/test-images";

// The attack: 25 MB multipart bodies to the public forms. /register read each into memory;
// eight at once took the server from 513 to 795 MB. Multipart is now taken only where an
// organiser uploads images (server/body-limits.ts): anywhere else it is refused with 415
// from its headers, before its body is read. Genuine posts still go through.

const MB = 1024 * 1024;

/** The server's resident memory now and at its peak so far, in MB (/proc/<pid>/status). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** Posts a 25 MB multipart body (one file part) the way a script would: the status, or "reset" when the server hung up first. */
function postMultipart(url: string, path: string, bytes = 25 * MB): Promise<{ status: number | "reset"; ms: number }> {
  const boundary = "----attack";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 120);
  const started = Date.now();
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const request = http.request({
      host: hostname,
      port,
      path,
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": head.length + bytes + tail.length },
    });
    let done = false;
    const finish = (status: number | "reset") => {
      if (done) return;
      done = true;
      resolve({ status, ms: Date.now() - started });
      request.destroy();
    };
    request.on("response", (response) => {
      response.resume();
      finish(response.statusCode ?? 0);
    });
    request.on("error", () => finish("reset"));
    request.on("close", () => finish("reset"));
    // Written as fast as the socket takes it, as an attacker's script would.
    (async () => {
      request.write(head);
      for (let sent = 0; sent < bytes && !done; sent += chunk.length) {
        if (!request.write(chunk)) await new Promise((r) => request.once("drain", r).once("close", r));
      }
      if (!done) request.end(tail);
    })().catch(() => finish("reset"));
  });
}

for (const postgres of [false, true]) {
  test.describe(postgres ? "on PostgreSQL" : "on the embedded database", () => {
    test.describe.configure({ mode: "serial" });
    let site: PrivateSite;
    let api: APIRequestContext;

    test.beforeAll(async ({ playwright }) => {
      test.setTimeout(180_000);
      site = await startPrivateSite({ postgres });
      api = await playwright.request.newContext({ baseURL: site.url });
    });
    test.afterAll(async () => {
      await api?.dispose();
      await site?.stop();
    });

    test("eight 25 MB multipart posts to the public forms are refused at once, and the server's memory does not grow", async () => {
      test.setTimeout(120_000);
      const pid = site.servers[0]?.pid ?? 0;
      // Warm the server up (a page, a registration), then measure.
      expect((await postRegistration(api, makeRegistrant())).status).toBe(200);
      const before = memory(pid);
      const paths = [
        "/register",
        "/register",
        "/register",
        "/register",
        "/register.data",
        "/waitlist/abc.def",
        "/tickets/abc.def/cancel",
        "/",
      ];
      const answers = await Promise.all(paths.map((path) => postMultipart(site.url, path)));
      const after = memory(pid);
      console.log(
        `[multipart] 8 × 25 MB: RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB, peak ${before.peak.toFixed(0)} → ${after.peak.toFixed(0)} MB; answers ${answers.map((a) => `${a.status} in ${a.ms} ms`).join(", ")}`,
      );
      for (const answer of answers) {
        expect([415, "reset"]).toContain(answer.status);
        expect(answer.ms).toBeLessThan(5_000);
      }
      // "reset": the server answered 415 and closed while the body was still coming; the kernel's
      // reset can reach the client before the answer is read. Either way, nothing was read.
      expect(after.peak - before.peak).toBeLessThan(40);

      // The other public forms too; a small multipart post gets its 415 in full.
      expect([415, "reset"]).toContain((await postMultipart(site.url, "/waitlist/abc.def")).status);
      for (const path of ["/register", "/register.data", "/waitlist/abc.def", "/tickets/abc.def/cancel", "/"]) {
        const response = await api.post(path, { multipart: { intent: "register", fullName: "Amina" }, maxRedirects: 0 });
        expect(response.status(), path).toBe(415);
      }
    });

    test("a genuine registration and an organiser's image upload still go through", async ({ playwright }) => {
      const { status, html } = await postRegistration(api, makeRegistrant({ fullName: "Ɗanladi Ƙasimu" }));
      expect(status).toBe(200);
      expect(html).toContain("Ticket Sent Successfully!");

      const admin = await playwright.request.newContext({ baseURL: site.url });
      try {
        await signInRequest(admin, site.url);
        const photo = await smallPng("speaker.png");
        const response = await admin.post("/admin/speakers/new", {
          multipart: {
            name: "Hajiya Zainab Idris",
            title: "Youth Ambassador",
            speaker_type: "Speaker",
            bio: "",
            image_url: "",
            image_file: photo,
          },
          headers: { Origin: site.url },
          maxRedirects: 0,
        });
        expect(response.status(), (await response.text()).slice(0, 300)).toBe(302);
        const list = await (await admin.get("/admin/speakers")).text();
        expect(list).toContain("Hajiya Zainab Idris");
        expect(list).toMatch(/\/media\/[0-9a-f]{64}/);
      } finally {
        await admin.dispose();
      }
    });
  });
}
