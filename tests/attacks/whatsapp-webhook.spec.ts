import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { inboundChoiceWebhook, inboundTextWebhook, signedWebhook } from "../support/fake-graph";
import { loadFormPages, postFrom } from "../support/raw-posts";
import { makeRegistrant, registrationFormFields } from "../support/register-helper";
import { digitsOf, startWhatsAppSite, type WhatsAppSite } from "../support/whatsapp-site";

// Issue 44, tried as an attacker: Meta's webhook (/whatsapp/webhook) is public. A post that is not
// signed with the app secret (none, another secret, a body changed after signing) does nothing; a
// signed message replayed, even five times at once, is acted on once; a body past the cap is
// refused before it is read; a flood of forged posts does not keep a person from registering;
// one number writing without end gets at most its ration of answers, each a message the summit
// pays for; guessing the verify token gets nothing. One site, the embedded database (the chat's
// vitest runs the same races on both databases).

const ATTACKER = "203.0.113.44";
const PERSON = "2001:db8:44::1";

test("the WhatsApp webhook refuses what Meta did not sign, acts once on a replay, and a flood changes nothing for people", async () => {
  test.setTimeout(180_000);
  const wa: WhatsAppSite = await startWhatsAppSite();
  const { site, graph } = wa;
  const post = (body: string, headers: Record<string, string>) =>
    fetch(wa.webhookUrl, { method: "POST", headers: { "x-forwarded-for": ATTACKER, ...headers }, body }).then(async (r) => ({
      status: r.status,
      text: await r.text(),
    }));
  const sentTo = (number: string) => graph.messages.filter((m) => m.to === digitsOf(number)).length;
  try {
    // 1. Unsigned, signed with another secret, or changed after signing: 401, and nothing answered.
    const victim = "+2348039440001";
    const register = inboundTextWebhook({ from: victim, text: "register", phoneNumberId: graph.phoneNumberId });
    const signed = signedWebhook(register, graph.appSecret);
    expect((await post(signed.body, { "Content-Type": "application/json" })).status).toBe(401);
    const forged = signedWebhook(register, "an-attacker-guessing-the-secret-000");
    expect((await post(forged.body, forged.headers)).status).toBe(401);
    const tampered = signed.body.replace("register", "REGISTER");
    expect((await post(tampered, signed.headers)).status).toBe(401);
    const empty = createHmac("sha256", graph.appSecret).update("").digest("hex");
    expect((await post("{}", { "Content-Type": "application/json", "X-Hub-Signature-256": `sha256=${empty}` })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(sentTo(victim)).toBe(0);

    // 2. The signed message, replayed five times at once: one answer.
    const replays = await Promise.all(Array.from({ length: 5 }, () => post(signed.body, signed.headers)));
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await graph.waitFor((m) => m.to === digitsOf(victim));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(sentTo(victim)).toBe(1);
    // A replayed "English" tap, likewise: the conversation moves one screen, once.
    const english = signedWebhook(
      inboundChoiceWebhook({ from: victim, choiceId: "1", title: "English", phoneNumberId: graph.phoneNumberId }),
      graph.appSecret,
    );
    await Promise.all(Array.from({ length: 4 }, () => post(english.body, english.headers)));
    await expect.poll(() => sentTo(victim), { timeout: 15_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(sentTo(victim)).toBe(2);

    // 3. A body past the cap (256 KB): 413, unread.
    const huge = `{"object":"whatsapp_business_account","pad":"${"x".repeat(300 * 1024)}"}`;
    expect((await post(huge, { "Content-Type": "application/json", "X-Hub-Signature-256": "sha256=00" })).status).toBe(413);

    // 4. 300 forged posts from one network while a person registers on the web: theirs is taken.
    const amina = makeRegistrant({ fullName: "Amina Ƴusuf" });
    const [page] = await loadFormPages(site, PERSON, 1);
    const flood = Promise.all(Array.from({ length: 300 }, () => post(forged.body, forged.headers).catch(() => ({ status: 0, text: "" }))));
    const started = Date.now();
    const answer = await postFrom(site, "/register", PERSON, registrationFormFields(amina, page?.stamp ?? ""), page?.cookie);
    const took = Date.now() - started;
    const refused = await flood;
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("Ticket Sent Successfully!");
    expect(took).toBeLessThan(10_000);
    // Refused unread (401), or turned away by the gateways' lane (503): never acted on.
    expect(refused.every((r) => r.status === 401 || r.status === 503)).toBe(true);

    // 5. One number writing 70 messages in a row: 60 answered, then one "too many", then silence.
    const chatty = "+2348039440002";
    for (let i = 0; i < 70; i++) {
      const message = signedWebhook(
        inboundTextWebhook({ from: chatty, text: `hello ${i}`, phoneNumberId: graph.phoneNumberId }),
        graph.appSecret,
      );
      expect((await post(message.body, message.headers)).status).toBe(200);
    }
    await expect.poll(() => sentTo(chatty), { timeout: 120_000, intervals: [1_000] }).toBe(61);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(sentTo(chatty)).toBe(61);

    // 6. Guessing the verify token: 403 every time, and the challenge never echoed.
    for (const guess of ["", "verify", "e2e-whatsapp-verify-token", "' or 1=1 --"]) {
      const url = `${wa.webhookUrl}?${new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": guess, "hub.challenge": "42" })}`;
      const response = await fetch(url);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toBe("42");
    }
  } finally {
    await wa.stop();
  }
});
