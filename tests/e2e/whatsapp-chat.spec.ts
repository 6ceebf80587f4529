import { writeFile } from "node:fs/promises";
import { type FakeGraph, inboundChoiceWebhook, inboundTextWebhook } from "../support/fake-graph";
import { expect, test } from "../support/fixtures";
import {
  attendeesFound,
  digitsOf,
  messagesOf,
  type Shown,
  shown,
  templateParts,
  whatsAppSiteForTheseTests,
} from "../support/whatsapp-site";

// Registration by chatting with the summit's WhatsApp number, on a production server of its own
// whose Graph API is a fake (whatsapp.spec.ts has the rest of WhatsApp): Meta's signed webhooks for
// what a person writes and taps, posted one at a time, each answered by the site through the fake
// (buttons, lists, text, as the USSD menu's screens become them), in English and in Hausa, ending
// with the ticket ID and the ticket template; Meta's second delivery of a message does nothing.
// Each reply waits out the transport's pace for one number (a second, as the server sets it).

const WORDS = {
  en: {
    first: "register",
    choice: { id: "1", title: "English" },
    name: "Enter your full name:",
    back: "Back",
    listButton: "Choose",
    gender: "Your gender:",
    state: "Your state:",
    lga: "Your local government:",
    consent: "Your details are used only to register you",
    confirm: "Please check:",
    confirmButton: "Confirm",
    registered: /^You are registered! Ticket ID: (\S+)\. Your ticket follows here/,
  },
  ha: {
    first: "rajista",
    choice: { id: "2", title: "Hausa" },
    name: "Rubuta cikakken sunanku:",
    back: "Koma baya",
    listButton: "Zaɓi",
    gender: "Jinsinku:",
    state: "Jiharku:",
    lga: "Karamar hukumarku:",
    consent: "Bayananku don rajistarku kawai ne",
    confirm: "Duba bayananku:",
    confirmButton: "Tabbatar",
    registered: /^An yi rajistarku! Lambar tikiti: (\S+)\. Tikitinku zai zo nan/,
  },
} as const;

/** One person chatting from `number`: each message posted as Meta posts it, and the site's reply to it. */
function chat(graph: FakeGraph, number: string) {
  const to = digitsOf(number);
  /** The conversation as the person saw it, kept with the test's results. */
  const transcript: string[] = [];
  const post = async (body: unknown, said: string) => {
    const before = graph.messages.length;
    const answer = await graph.postWebhook(body);
    expect(answer.status, answer.body).toBe(200);
    const reply = await graph.waitFor((m) => m.to === to && m.body.type !== "template" && graph.messages.indexOf(m) >= before, 30_000);
    const screen = shown(reply.body);
    const options = screen.options.map((o) => `  [${o.id}] ${o.title}`);
    transcript.push(`> ${said}`, `< (${screen.kind}) ${screen.text.replace(/\n/g, "\n  ")}`, ...options, "");
    return { ...screen, index: graph.messages.indexOf(reply) } as Shown & { index: number };
  };
  let last: unknown;
  return {
    transcript: () => transcript.join("\n"),
    type: (text: string) => {
      last = inboundTextWebhook({ from: number, text, phoneNumberId: graph.phoneNumberId });
      return post(last, text);
    },
    /** Taps the option `id` of the screen the site sent last (a reply button, or a list's row). */
    tap: (screen: Shown, id: string) => {
      const option = screen.options.find((o) => o.id === id);
      if (!option) throw new Error(`no option ${id} on the screen: ${JSON.stringify(screen.options)}`);
      last = inboundChoiceWebhook({
        from: number,
        choiceId: id,
        title: option.title,
        list: screen.kind === "list",
        phoneNumberId: graph.phoneNumberId,
      });
      return post(last, `tap [${id}] ${option.title}`);
    },
    /** The last message's webhook body, as it was posted. */
    lastBody: () => last,
  };
}

test.describe("registration by WhatsApp chat, on a server of its own with a fake Graph API", () => {
  const site = whatsAppSiteForTheseTests();

  // The name as typed: the confirmation shows it with every letter (the USSD screen it reuses folds
  // it to GSM-7, which the chat undoes), and the attendee keeps it.
  for (const [language, number, fullName] of [
    ["en", "+2348037002101", "Musa Ɗanjuma"],
    ["ha", "+2348037002201", "Zainab Ƙwaƙwalwa"],
  ] as const) {
    test(`registers in ${language === "en" ? "English" : "Hausa"}, screen by screen, and a message delivered twice counts once`, async () => {
      test.setTimeout(180_000);
      const { wa, admin } = site();
      const { graph, site: server } = wa;
      const words = WORDS[language];
      const person = chat(graph, number);

      // The first screen, in both languages: two buttons.
      const start = await person.type(words.first);
      expect(start.kind).toBe("button");
      expect(start.options).toEqual([
        { id: "1", title: "English" },
        { id: "2", title: "Hausa" },
      ]);
      const name = await person.tap(start, words.choice.id);
      // A name is typed; the one button goes back.
      expect(name).toMatchObject({ kind: "button", options: [{ id: "0", title: words.back }] });
      expect(name.text).toContain(words.name);
      // Three genders and Back: more than three buttons hold, so a list.
      const gender = await person.type(fullName);
      expect(gender.kind).toBe("list");
      expect(gender.text).toContain(words.gender);
      expect(gender.options.map((o) => o.id)).toEqual(["1", "2", "3", "0"]);
      const state = await person.tap(gender, "1");
      expect(state.kind).toBe("list");
      expect(state.text).toContain(words.state);
      expect(state.options[0]).toEqual({ id: "1", title: "Zamfara" });
      expect(state.listButton).toBe(words.listButton);
      const lga = await person.tap(state, "1");
      expect(lga.kind).toBe("list");
      expect(lga.text).toContain(words.lga);
      expect(lga.options[0]?.id).toBe("1");
      // The consent screen carries the privacy notice's link itself (USSD sends it by SMS).
      const consent = await person.tap(lga, "1");
      expect(consent.kind).not.toBe("text");
      expect(consent.text).toContain(words.consent);
      expect(consent.text).toContain(`${server.url}/privacy`);
      expect(consent.text).not.toMatch(/SMS/);
      const confirm = await person.tap(consent, "1");
      expect(confirm.kind).toBe("button");
      expect(confirm.text).toContain(words.confirm);
      expect(confirm.text).toContain(fullName);
      expect(confirm.options[0]).toEqual({ id: "1", title: words.confirmButton });
      const done = await person.tap(confirm, "1");
      expect(done.kind).toBe("text");
      expect(done.text).toMatch(words.registered);
      expect(done.text).not.toMatch(/SMS/);
      const ticketId = words.registered.exec(done.text)?.[1] ?? "";
      const transcript = test.info().outputPath(`chat-${language}.txt`);
      await writeFile(transcript, person.transcript());
      await test.info().attach(`chat-${language}.txt`, { path: transcript, contentType: "text/plain" });

      // The ticket template follows, in the person's language, with the same ticket ID.
      const ticket = await graph.waitFor((m) => m.to === digitsOf(number) && m.body.type === "template", 30_000);
      const parts = templateParts(ticket.body);
      expect(parts).toMatchObject({ name: "summit_ticket", language });
      expect(parts.bodyTexts).toContain(ticketId);
      expect(parts.bodyTexts).toContain(fullName);
      expect(parts.headerImage.startsWith(`${server.url}/ticket-image/`)).toBe(true);
      expect(graph.messages.indexOf(ticket), "the ticket comes after the chat's last reply").toBeGreaterThan(done.index);

      // The attendee the chat made: one, with that ticket ID, registered on WhatsApp.
      expect(await attendeesFound(admin, number)).toHaveLength(1);
      const { page, list } = await messagesOf(admin, number);
      await expect(page.locator("main")).toContainText(ticketId);
      await expect(page.locator("main")).toContainText(fullName);
      await expect(list.locator("[data-channel=whatsapp]").filter({ hasText: "WhatsApp: Ticket" })).toHaveCount(1);

      // Meta delivers the last message again (same message id): acknowledged, and nothing more happens.
      const sentBefore = graph.messages.filter((m) => m.to === digitsOf(number)).length;
      const again = await graph.postWebhook(person.lastBody());
      expect(again.status).toBe(200);
      expect(await attendeesFound(admin, number)).toHaveLength(1);
      await messagesOf(admin, number);
      await expect(list.locator("[data-channel=whatsapp]").filter({ hasText: "WhatsApp: Ticket" })).toHaveCount(1);
      // Past the pace a second message to the number would have left at (a second: server/outbox.server.ts).
      await page.waitForTimeout(3_000);
      expect(graph.messages.filter((m) => m.to === digitsOf(number))).toHaveLength(sentBefore);
    });
  }
});
