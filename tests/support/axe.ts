import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Toasts fade out by a CSS animation after their time; caught halfway, their text has half
 * its contrast, which is the fade and not the design. While axe runs, a toast still waiting
 * is held as shown and one already fading is taken to its end (gone); the waiting ones go on
 * afterwards.
 */
async function holdToasts(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const held: Animation[] = [];
    for (const animation of document.getAnimations()) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (!(target instanceof Element) || !target.classList.contains("toast")) continue;
      const delay = animation.effect?.getTiming().delay ?? 0;
      if (Number(animation.currentTime ?? 0) >= delay) animation.finish();
      else {
        animation.pause();
        held.push(animation);
      }
    }
    (window as unknown as { __heldToasts?: Animation[] }).__heldToasts = held;
  });
  return () =>
    page.evaluate(() => {
      for (const animation of (window as unknown as { __heldToasts?: Animation[] }).__heldToasts ?? []) animation.play();
    });
}

/** axe-core over the page as it stands: WCAG 2.2 A/AA plus best practices, no exceptions. */
export async function expectNoViolations(page: Page, label: string) {
  const release = await holdToasts(page);
  // Only violations are needed: skipping the details of passes keeps a run over big forms fast.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  await release();
  const summary = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`),
  }));
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
