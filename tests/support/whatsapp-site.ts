import { randomBytes } from "node:crypto";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-session";
import { type FakeGraph, startFakeGraph } from "./fake-graph";
import { type FakeTermii, startFakeTermii } from "./fake-termii";
import { test } from "./fixtures";
import { type PrivateSite, startPrivateSite } from "./private-site";

// A production server of its own with WhatsApp on, its Graph API a fake (fake-graph.ts) that
// posts Meta's signed status webhooks back to the site, and SMS by a fake Termii (the stand-in
// when WhatsApp cannot deliver), for the WhatsApp specs (tests/e2e/whatsapp*.spec.ts).

export const VERIFY_TOKEN = "e2e-whatsapp-verify-token-0123456789";

export type WhatsAppSite = { site: PrivateSite; graph: FakeGraph; sms: FakeTermii; webhookUrl: string; stop: () => Promise<void> };

/**
 * The spec file's own WhatsApp site and an organiser signed in to it, started once before its
 * tests (in the desktop project only) and stopped after them: call inside `test.describe`.
 */
export function whatsAppSiteForTheseTests(): () => { wa: WhatsAppSite; admin: BrowserContext } {
  let wa: WhatsAppSite | undefined;
  let admin: BrowserContext | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a server of its own: once");
    test.setTimeout(120_000);
    wa = await startWhatsAppSite();
    admin = await browser.newContext({ baseURL: wa.site.url, viewport: { width: 1280, height: 800 } });
    await signInAsAdmin(await admin.newPage());
  });
  test.afterAll(async () => {
    await admin?.close();
    await wa?.stop();
  });
  return () => {
    if (!wa || !admin) throw new Error("the site did not start (see beforeAll)");
    return { wa, admin };
  };
}

export async function startWhatsAppSite(): Promise<WhatsAppSite> {
  const appSecret = `e2e-app-secret-${randomBytes(16).toString("hex")}`;
  const [graph, sms] = await Promise.all([startFakeGraph({ appSecret }), startFakeTermii()]);
  let site: PrivateSite | undefined;
  try {
    site = await startPrivateSite({
      env: {
        WHATSAPP_ACCESS_TOKEN: graph.accessToken,
        WHATSAPP_PHONE_NUMBER_ID: graph.phoneNumberId,
        WHATSAPP_APP_SECRET: appSecret,
        WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
        WHATSAPP_GRAPH_URL: graph.url,
        SMS_PROVIDER: "termii",
        TERMII_API_KEY: sms.apiKey,
        TERMII_SENDER_ID: sms.senderId,
        TERMII_BASE_URL: sms.url,
        TERMII_SECRET_KEY: sms.secretKey,
      },
    });
  } catch (error) {
    await Promise.all([graph.close(), sms.close()]);
    throw error;
  }
  // The site's port is known only now: Meta's webhook settings name its URL.
  const webhookUrl = `${site.url}/whatsapp/webhook`;
  graph.setWebhookUrl(webhookUrl);
  const started = site;
  return {
    site: started,
    graph,
    sms,
    webhookUrl,
    stop: async () => {
      await graph.idle();
      await started.stop();
      await Promise.all([graph.close(), sms.close()]);
    },
  };
}

/**
 * The status webhooks the fake posted for one message, once all are in, each posted again as Meta
 * does while the site answers otherwise than 200 (the site answers 503 to a status that came
 * before it recorded the message's id, counting on Meta's retry; the fake does not retry).
 * Returns each status, the site's first answer and its last.
 */
export async function statusesOf(
  graph: FakeGraph,
  providerId: string,
): Promise<{ status: string; first: number; last: number; tries: number }[]> {
  await graph.idle();
  const mine = graph.webhooks.filter((w) => JSON.stringify(w.body).includes(providerId));
  const out = [];
  for (const webhook of mine) {
    const status = /"status":"(\w+)"/.exec(JSON.stringify(webhook.body))?.[1] ?? "";
    let last = webhook.status;
    let tries = 1;
    while (last !== 200 && tries < 10) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      last = (await graph.postWebhook(webhook.body)).status;
      tries += 1;
    }
    out.push({ status, first: webhook.status, last, tries });
  }
  return out;
}

/** A number as the Graph API and Termii take it: E.164 without the +. */
export const digitsOf = (phone: string) => phone.replace(/\D/g, "");

type Option = { id: string; title: string };

/** What a message the site sent on WhatsApp looks like to the person: its kind, its text and its options. */
export type Shown = {
  kind: "text" | "button" | "list" | "template" | "other";
  text: string;
  options: Option[];
  /** a list's button, which opens it */
  listButton?: string;
};

export function shown(body: Record<string, unknown>): Shown {
  const b = body as {
    type?: string;
    text?: { body?: string };
    interactive?: {
      type?: string;
      body?: { text?: string };
      action?: { button?: string; buttons?: { reply: Option }[]; sections?: { rows: Option[] }[] };
    };
  };
  if (b.type === "text") return { kind: "text", text: b.text?.body ?? "", options: [] };
  if (b.type === "template") return { kind: "template", text: "", options: [] };
  if (b.type === "interactive" && b.interactive?.type === "button")
    return {
      kind: "button",
      text: b.interactive.body?.text ?? "",
      options: (b.interactive.action?.buttons ?? []).map((button) => ({ id: button.reply.id, title: button.reply.title })),
    };
  if (b.type === "interactive" && b.interactive?.type === "list")
    return {
      kind: "list",
      text: b.interactive.body?.text ?? "",
      options: (b.interactive.action?.sections ?? []).flatMap((section) => section.rows.map((row) => ({ id: row.id, title: row.title }))),
      listButton: b.interactive.action?.button ?? "",
    };
  return { kind: "other", text: "", options: [] };
}

/** The template message's parts, as the site filled them in. */
export function templateParts(body: Record<string, unknown>): {
  name: string;
  language: string;
  headerImage: string;
  bodyTexts: string[];
  buttonSuffix: string;
} {
  const template = (body as { template?: { name?: string; language?: { code?: string }; components?: Record<string, unknown>[] } })
    .template;
  const components = (template?.components ?? []) as {
    type: string;
    parameters?: { type: string; text?: string; image?: { link?: string } }[];
  }[];
  const header = components.find((c) => c.type === "header")?.parameters?.[0];
  return {
    name: template?.name ?? "",
    language: template?.language?.code ?? "",
    headerImage: header?.type === "image" ? (header.image?.link ?? "") : "",
    bodyTexts: (components.find((c) => c.type === "body")?.parameters ?? []).map((p) => p.text ?? ""),
    buttonSuffix: components.find((c) => c.type === "button")?.parameters?.[0]?.text ?? "",
  };
}

/** The "Messages" list of the person's details page, read by the organiser (found by name or number). */
export async function messagesOf(admin: BrowserContext, search: string): Promise<{ page: Page; list: Locator }> {
  const page = admin.pages()[0] ?? (await admin.newPage());
  await page.goto(`/admin/attendees?q=${encodeURIComponent(search)}`);
  await page.locator("[data-attendee-id]").first().waitFor({ state: "attached" });
  const id = await page.locator("[data-attendee-id]").first().getAttribute("data-attendee-id");
  await page.goto(`/admin/attendees/${id}`);
  return { page, list: page.getByRole("list", { name: "Messages" }) };
}

/** The attendees the organiser's search finds (the table's rows and the cards are the same people). */
export async function attendeesFound(admin: BrowserContext, search: string): Promise<string[]> {
  const page = admin.pages()[0] ?? (await admin.newPage());
  await page.goto(`/admin/attendees?q=${encodeURIComponent(search)}`);
  await page.locator("main").waitFor();
  const ids = await page.locator("[data-attendee-id]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-attendee-id") ?? ""));
  return [...new Set(ids)];
}
