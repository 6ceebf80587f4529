import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated the document, so clicks go to client-side
 * handlers (a click before that is a plain full-page navigation).
 */
export async function waitForHydration(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(
    () =>
      "__reactRouterDataRouter" in window &&
      Object.keys(document.documentElement).some((key) => key.startsWith("__reactProps") || key.startsWith("__reactFiber")),
    undefined,
    { timeout: timeoutMs },
  );
}
