import type { Page } from "@playwright/test";

/**
 * Waits until the page's JavaScript has taken over, so clicks go to client-side
 * handlers (a click before that is a plain full-page navigation): React has hydrated
 * the document, or, on a page that ships without React (the landing page, see
 * root.tsx), its inline script has run. /register loads its script at the person's first touch
 * (register-page-start.ts): a touch is what a person would do next, so it is given here.
 */
export async function waitForInteractive(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.evaluate(() => {
    if (document.documentElement.dataset.enhanced === "true" || !document.querySelector("script[data-rest]")) return;
    document.querySelector("form")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  });
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.enhanced === "true" ||
      ("__reactRouterDataRouter" in window &&
        Object.keys(document.documentElement).some((key) => key.startsWith("__reactProps") || key.startsWith("__reactFiber"))),
    undefined,
    { timeout: timeoutMs },
  );
}
