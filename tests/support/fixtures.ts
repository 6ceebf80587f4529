import { test as base, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";

// Playwright fixtures shared by the browser tests. Import `test` and `expect` from here
// instead of @playwright/test, and ask for what a test needs:
//   adminPage         the page, signed in as the e2e admin (through the real form)
//   failOnPageErrors  fails the test if `page` logged a console error or threw; ask for it
//                     as `{ failOnPageErrors: _ }`, it gives nothing to use
//                     (asked for explicitly: tests of error pages expect some)
// and, in every test by itself, no Content-Security-Policy violation in the test's browser
// context: each `securitypolicyviolation` event the page fires fails the test.

type Fixtures = {
  adminPage: Page;
  failOnCspViolations: undefined;
  failOnPageErrors: undefined;
  /** every console error and uncaught error of `page`, from its first navigation */
  pageErrors: string[];
};

export const test = base.extend<Fixtures>({
  failOnCspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding("__reportCspViolation", (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
          report(
            `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} in ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use(undefined);
      base.expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      // Lists on the shared site show other tests' speakers and partners; an image whose
      // item another test deleted between the page and the image request is a 404 there.
      if (message.text().includes("status of 404") && message.location().url.includes("/media/")) return;
      errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
  failOnPageErrors: async ({ pageErrors }, use) => {
    await use(undefined);
    base.expect(pageErrors, "console errors and uncaught errors on the page").toEqual([]);
  },
  // Depends on pageErrors so the sign-in itself is watched when a test fails on page errors.
  adminPage: async ({ page, pageErrors: _watched }, use) => {
    await signInAsAdmin(page);
    await use(page);
  },
});

export const expect = test.expect;
