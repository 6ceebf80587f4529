import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import fc from "fast-check";
import { signInRequest } from "../support/admin-session";
import { VALID_SETTINGS_FORM } from "../support/form-values";
import { hostileString } from "../support/hostile-input";
import { type PrivateSite, startPrivateSite } from "../support/private-site";
import { formStamps, makeRegistrant, postRegistration, registrationFormFields, uniqueEmail } from "../support/register-helper";
import { waitForSiteMail } from "../support/site-mailbox";

// Text that arrives must never break anything (app/db/text.ts). A NUL in the organisation of the
// registration form made PostgreSQL refuse the insert: a 500. Here every form, public and admin,
// every query string a page reads and every token in a URL gets the characters that break a
// write (NUL and the other controls, lone surrogates, direction overrides, line breaks) and those
// that must always pass (the Hausa letters, every apostrophe, combining marks, emoji), generated
// on purpose, against the production build on both databases: never a server error. And a Hausa
// name typed with a decomposed accent registers, and is stored, mailed, listed, found and
// exported composed (NFC).

const BREAKING = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000B",
  "\u001B[31m",
  "\u007F",
  "\u0085",
  "\u009F",
  "\uD800",
  "\uDFFF",
  "\u202E",
  "\u2066",
  "\n",
  "\r\n",
  "\t",
  "\u2028",
];
const WELCOME = ["ƙɗɓƴ", "ƘƊƁƳ", "'", "\u02BC", "\u2019", "e\u0301", "o\u0323\u0300", "😀", "👩🏾‍💻", "محمد", "\u200F", "\u200D"];
/** A word with something arriving inside it, or a hostile string of any kind. */
const arriving = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom("Amina", "Gusau", "9:00", "123456", "x"),
        fc.constantFrom(...BREAKING, ...WELCOME),
        fc.constantFrom("", "Yusuf", "1"),
      )
      .map(([a, b, c]) => a + b + c),
  },
  { weight: 2, arbitrary: hostileString },
);

type Post = { path: string; fields: Record<string, string>; text: string[]; multipart?: boolean; admin?: boolean };

const SPEAKER = { name: "Hauwa Bello", title: "Director", bio: "Works in Gusau.", speaker_type: "Speaker" };
// The hold rates out of reach: every post here comes from one address, faster than people do.
const SETTINGS = {
  ...VALID_SETTINGS_FORM,
  hold_network_per_minute: "10000",
  hold_domain_per_10_minutes: "10000",
  hold_overall_per_minute: "10000",
};
const UUID = "7f1d0c8e-2b7a-4a55-9b1e-0c3b9d6e1a2f";

// Every form that takes text, with a valid set of fields and the fields that get the hostile text.
const ADMIN_FORMS: Post[] = [
  { path: "/admin/speakers/new", fields: SPEAKER, text: ["name", "title", "bio", "speaker_type"], multipart: true },
  {
    path: "/admin/special-guests/new",
    fields: { name: "Sarkin Gusau", title: "Emir", bio: "Of Gusau." },
    text: ["name", "title", "bio"],
    multipart: true,
  },
  {
    path: "/admin/agenda/new",
    fields: { time: "9:00 AM", title: "Opening", speaker_name: "Hauwa Bello", description: "Welcome.", speaker_id: "" },
    text: ["time", "title", "speaker_name", "description", "speaker_id"],
    multipart: true,
  },
  {
    path: "/admin/partners/new",
    fields: { name: "Gusau Hub", website_url: "https://example.org" },
    text: ["name", "website_url"],
    multipart: true,
  },
  { path: "/admin/speakers", fields: { intent: "delete", id: UUID }, text: ["id", "intent"] },
  { path: "/admin/partners", fields: { intent: "move", id: UUID, direction: "up" }, text: ["id", "direction"] },
  { path: "/admin/settings", fields: SETTINGS, text: Object.keys(SETTINGS) },
  { path: "/admin/check-in", fields: { intent: "ticket", ticket_id: "ABC123" }, text: ["ticket_id", "intent"] },
  { path: "/admin/check-in", fields: { intent: "scan", code: "x" }, text: ["code"] },
  { path: `/admin/attendees/${UUID}`, fields: { intent: "resend", id: UUID }, text: ["id", "intent"] },
  { path: "/admin/attendees/held", fields: { intent: "delete", ids: UUID }, text: ["ids", "intent", "surge"] },
  { path: "/admin/attendees/waitlist", fields: { intent: "remove", id: UUID }, text: ["id"] },
  { path: "/admin/operations", fields: { intent: "send-test", template: "ticket" }, text: ["template"] },
  { path: "/admin/security", fields: { intent: "regenerate", proof: "wrong" }, text: ["proof", "code", "intent"] },
  { path: "/admin/outreach", fields: { intent: "create", name: "Radio Gusau" }, text: ["name", "intent"] },
  { path: "/admin/outreach", fields: { intent: "archive", id: "1" }, text: ["id", "intent"] },
];
const ADMIN_POSTS = ADMIN_FORMS.map((post) => ({ ...post, admin: true }));
const PUBLIC_POSTS: Post[] = [
  { path: "/register", fields: { intent: "resend", email: "amina@example.org" }, text: ["email"] },
  // Joining the waitlist: the registration's fields and checks (refused here as the event is not full, after them).
  {
    path: "/register",
    fields: {
      intent: "waitlist",
      fullName: "Amina Yusuf",
      email: "amina.waits@example.org",
      phone: "08012345678",
      gender: "female",
      consent: "on",
    },
    text: ["fullName", "organization", "position", "reason", "email", "phone"],
  },
  { path: "/register/confirm", fields: { code: "123456", held: UUID }, text: ["code", "held"] },
  { path: "/admin/login/two-factor", fields: { code: "123456" }, text: ["code"] },
];
// Pages that read their URL, and the parameters they read.
const PAGES = [
  "/",
  "/register",
  "/admin/attendees",
  "/admin/attendees/export.csv",
  "/admin/attendees/cancelled",
  "/admin/attendees/held",
  "/admin/attendees/waitlist",
  "/admin/activity",
  "/admin/check-in",
  "/admin/operations",
  "/admin/operations/badges.pdf",
  "/admin/outreach",
  "/admin/outreach/export.csv",
  "/admin/login",
];
const PARAMS = [
  "q",
  "state",
  "gender",
  "page",
  "type",
  "scope",
  "surge",
  "remove",
  "confirm",
  "confirmDelete",
  "undo",
  "preview",
  "layout",
  "redirectTo",
  "sort",
  "dir",
  "archive",
  "delete",
  "language",
  "ref",
  "utm_source",
];
// Paths with a token or an id: {x} is what arrives.
const TOKEN_PATHS = [
  "/tickets/{x}",
  "/tickets/{x}/calendar.ics",
  "/tickets/{x}/ticket.png",
  "/tickets/{x}/cancel",
  "/tickets/{x}/my-data.json",
  "/tickets/{x}/delete-my-data",
  "/waitlist/{x}",
  "/register/confirm/{x}",
  "/media/{x}",
  "/admin/attendees/{x}",
  "/admin/attendees/{x}/data.json",
  "/admin/speakers/{x}/edit",
  "/admin/operations/preview/{x}",
  "/r/{x}",
  "/i/{x}",
  "/admin/outreach/{x}/qr.png",
  "/admin/outreach/{x}/poster.pdf",
];

const serverError = (answer: APIResponse, what: string) => expect(answer.status(), what).toBeLessThan(500);

for (const postgres of [false, true]) {
  test.describe(postgres ? "on PostgreSQL" : "on the embedded database", () => {
    test.describe.configure({ mode: "serial" });
    let site: PrivateSite;
    let visitor: APIRequestContext;
    let admin: APIRequestContext;
    let origin: { Origin: string };

    test.beforeAll(async ({ playwright }) => {
      test.setTimeout(180_000);
      site = await startPrivateSite({ postgres });
      visitor = await playwright.request.newContext({ baseURL: site.url });
      admin = await playwright.request.newContext({ baseURL: site.url });
      await signInRequest(admin, site.url);
      origin = { Origin: new URL(site.url).origin };
    });
    test.afterAll(async () => {
      await visitor?.dispose();
      await admin?.dispose();
      await site?.stop();
    });

    test("a NUL, a control or half a character in any registration field is a field message, never a 500; a Hausa name registers, stored NFC", async () => {
      test.setTimeout(180_000);
      const fields = ["fullName", "organization", "position", "reason", "email", "phone", "state", "localGovernment"] as const;
      const stamps = await formStamps(visitor, fields.length * 4 + 40);
      let next = 0;
      const post = (form: Record<string, string>) => visitor.post("/register", { form, maxRedirects: 0 });
      for (const field of fields)
        for (const bad of ["\u0000", "\u001B", "\u0085", "\u202E"]) {
          const person = makeRegistrant({ organization: "Gusau Youth Hub", position: "Coordinator", reason: "To learn." });
          const form = registrationFormFields(person, stamps[next++] ?? "");
          form[field] = `${form[field] || "Zamfara"}${bad}x`;
          const answer = await post(form);
          expect(answer.status(), `${field} ${JSON.stringify(bad)}`).toBe(400);
        }
      // The same with whatever arrives, in every field at once or one at a time: never a server error.
      await fc.assert(
        fc.asyncProperty(fc.subarray([...fields], { minLength: 1 }), arriving, async (chosen, text) => {
          const form = registrationFormFields(makeRegistrant(), stamps[next++] ?? "");
          for (const field of chosen) form[field] = text;
          serverError(await post(form), `${chosen.join(",")} ${JSON.stringify(text)}`);
        }),
        { numRuns: 40 },
      );

      // A Hausa name with every apostrophe and an accent typed as e + U+0301.
      const typed = "Ɗanlami Ƙaura Ɓello Ƴar'Adua Na\u2019Allah Niʼima Ade\u0301bayo";
      const stored = typed.normalize("NFC");
      expect(stored).not.toBe(typed);
      const person = makeRegistrant({ fullName: typed, organization: "Ƙungiyar Matasa ta Gusau", email: uniqueEmail("danlami") });
      const { status, html } = await postRegistration(visitor, person);
      expect(status, html.slice(0, 300)).toBe(200);
      expect(html).toContain("Ticket Sent Successfully!");
      const [ticket] = await waitForSiteMail(site, person.email);
      expect(ticket?.text).toContain(`Hello ${stored},`);
      // Found by the organisers' search typed either way, listed and exported as stored.
      for (const q of ["Ƙaura", "Ade\u0301bayo", "Ƴar'Adua"]) {
        const list = await admin.get(`/admin/attendees?${new URLSearchParams({ q })}`);
        expect(list.status()).toBe(200);
        const body = await list.text();
        expect(body, q).toContain("Ɗanlami Ƙaura Ɓello");
        expect(body).not.toContain("Ade\u0301bayo");
      }
      const csv = await (await admin.get("/admin/attendees/export.csv")).text();
      expect(csv).toContain(stored);
      expect(csv).toContain("Ƙungiyar Matasa ta Gusau");
      const door = await admin.get(`/admin/check-in?${new URLSearchParams({ q: "Ɓello" })}`);
      expect(await door.text()).toContain("Ɗanlami Ƙaura Ɓello");
    });

    test("every other form, public and admin, with whatever arrives in its text fields: never a server error", async () => {
      test.setTimeout(300_000);
      const stamps = await formStamps(visitor, 60);
      let next = 0;
      for (const { path, fields, text, multipart, admin: signedIn } of [...PUBLIC_POSTS, ...ADMIN_POSTS]) {
        await fc.assert(
          fc.asyncProperty(fc.subarray(text, { minLength: 1 }), arriving, async (chosen, value) => {
            const form: Record<string, string> = { ...fields };
            for (const field of chosen) form[field] = value;
            if (path === "/register") Object.assign(form, { formStamp: stamps[next++ % stamps.length] ?? "", website: "" });
            const context = signedIn ? admin : visitor;
            const options = { headers: origin, maxRedirects: 0 };
            const answer = multipart
              ? await context.post(path, { ...options, multipart: form })
              : await context.post(path, { ...options, form });
            serverError(answer, `${path} ${JSON.stringify(form)}`);
          }),
          { numRuns: 25 },
        );
      }
      // The sign-in form, a few times (its throttle would lock the account out).
      for (const value of ["admin\u0000@example.org", "a\uD800@example.org", "\u202Eadmin@example.org", "ƙ@example.org"]) {
        serverError(
          await visitor.post("/admin/login", { form: { email: value, password: value }, headers: origin, maxRedirects: 0 }),
          value,
        );
      }
    });

    test("query strings and tokens in URLs with whatever arrives: never a server error", async () => {
      test.setTimeout(240_000);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...PAGES),
          fc.dictionary(fc.constantFrom(...PARAMS), arriving, { maxKeys: 3 }),
          async (path, params) => {
            serverError(
              await admin.get(`${path}?${new URLSearchParams(params)}`, { maxRedirects: 0 }),
              `${path} ${JSON.stringify(params)}`,
            );
          },
        ),
        { numRuns: 150 },
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...TOKEN_PATHS), arriving, async (path, token) => {
          const url = path.replace("{x}", encodeURIComponent(token.replace(/[\uD800-\uDFFF]/g, "\uFFFD")));
          serverError(await admin.get(url, { maxRedirects: 0 }), url);
          if (!url.startsWith("/admin"))
            serverError(await visitor.post(url, { form: { intent: "claim" }, maxRedirects: 0 }), `POST ${url}`);
        }),
        { numRuns: 150 },
      );
      // Raw percent-escapes: a NUL, half a surrogate in UTF-8, an invalid byte.
      for (const percentEscape of ["%00", "%ED%A0%80", "%FF", "%C0%80", "%E2%80%AE"]) {
        for (const path of [
          ...TOKEN_PATHS.map((p) => p.replace("{x}", `a${percentEscape}b`)),
          ...PAGES.map((p) => `${p}?q=${percentEscape}&state=${percentEscape}&page=${percentEscape}`),
        ]) {
          serverError(await admin.get(path, { maxRedirects: 0 }), path);
        }
      }
    });
  });
}
