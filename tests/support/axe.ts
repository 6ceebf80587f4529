import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core over the page as it stands: WCAG 2.2 A/AA plus best practices, no exceptions. */
export async function expectNoViolations(page: Page, label: string) {
  // Only violations are needed: skipping the details of passes keeps a run over big forms fast.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const summary = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`),
  }));
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
