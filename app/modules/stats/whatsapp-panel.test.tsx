import { renderToString } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import type { WhatsAppOverview } from "./whatsapp-overview.server";
import { WhatsAppPanel } from "./whatsapp-panel";

// The WhatsApp panel as the server renders it on Event Operations.

// The panel as the route renders it: its forms need a data router.
function Page() {
  const { whatsapp } = useLoaderData() as { whatsapp: WhatsAppOverview | null };
  return <WhatsAppPanel whatsapp={whatsapp} />;
}
const Stub = createRoutesStub([{ id: "operations", path: "/admin/operations", Component: Page }]);
const render = (whatsapp: WhatsAppOverview | null) =>
  renderToString(<Stub initialEntries={["/admin/operations"]} hydrationData={{ loaderData: { operations: { whatsapp } } }} />);
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const PANEL: WhatsAppOverview = {
  configured: true,
  pause: null,
  counts: { queued: 3, sent: 10, delivered: 1200, read: 800, failed: 7, smsInstead: 5 },
  reminders: { queued: 2, sent: 40 },
  accepted: 2010,
  priceKobo: 0,
  costKobo: null,
};

describe("WhatsAppPanel", () => {
  it("is not there while WhatsApp is off and this edition sent none", () => {
    expect(render(null)).toBe("");
  });

  it("shows the messages by how far each got, the SMS that stood in, and links the price when none is set", () => {
    const html = render(PANEL);
    const t = text(html);
    expect(t).toContain("10 sent, 1,200 delivered, 800 read, 7 failed (5 sent by SMS instead), 3 queued");
    expect(html).toMatch(/<a href="#whatsapp-price"[^>]*>Price not set<\/a>/);
    expect(html).toContain('id="whatsapp-price"');
    expect(t).toContain("40 sent, 2 waiting");
    expect(t).not.toContain("Resume WhatsApp");
  });

  it("estimates the cost at the set price, and offers Resume with the reason while paused", () => {
    const t = text(
      render({
        ...PANEL,
        priceKobo: 650,
        costKobo: 2010 * 650,
        pause: { reason: "Meta: 131042 payment issue", since: "2026-12-20T10:00:00Z" },
      }),
    );
    expect(t).toContain("₦13,065.00 for 2,010 messages at ₦6.50");
    expect(t).toContain("WhatsApp paused: Meta refused the account. Meta: 131042 payment issue");
    expect(t).toContain("Resume WhatsApp");
  });
});
