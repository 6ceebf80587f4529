import jsQR from "jsqr";
import sharp from "sharp";
import { signInAsAdmin } from "../support/admin-session";
import { expectNoViolations } from "../support/axe";
import { docsScreenshot } from "../support/docs-screenshot";
import { expect, test } from "../support/fixtures";
import { waitForInteractive } from "../support/hydration";
import { renderPdf } from "../support/pdf-viewer";
import { type PrivateSite, startPrivateSite, testClock } from "../support/private-site";
import { type RegisteredAttendee, registerForTicket } from "../support/register-helper";
import { type SiteMail, siteMail, waitForSiteMail } from "../support/site-mailbox";

// A whole event day and what follows, on a server whose clock the test moves (libfaketime, as
// the retention test does): people register, some are checked in at the door, the event ends,
// an organiser sends the certificates, exactly those checked in receive one (the PDF holds their
// name and its QR code the verification address), a stranger verifies one and a tampered code,
// someone answers the survey and changes an answer, and the organisers read the Feedback page.
// Then the next edition starts (issue 39): the survey link still takes an answer, the old ticket
// page still offers the certificate, and the Feedback page shows the first edition when chosen.

const DAY_MS = 86_400_000;

async function decodeQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? "";
}

const linkIn = (mail: SiteMail, pattern: RegExp) =>
  [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? "").find((href) => pattern.test(href));

test.describe("after the event, on a server whose clock the test moves", () => {
  let site: PrivateSite | undefined;
  let clock: ReturnType<typeof testClock> | undefined;
  test.afterAll(async () => {
    await site?.stop();
    clock?.remove();
  });

  test("certificates go to exactly those checked in, verify, and the survey's answers reach the Feedback page", async ({
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a server of its own: once");
    test.setTimeout(240_000);
    clock = testClock();
    const moveClock = (days: number) => clock?.move(`+${days}d`);
    site = await startPrivateSite({ clock: { file: clock.file } });
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();

    // Four registrations for the event a month ahead (the first in Hausa); the first two come.
    const hausaContext = await browser.newContext({ baseURL: site.url });
    await hausaContext.addCookies([{ name: "summit_lang", value: "ha", url: site.url }]);
    const people: RegisteredAttendee[] = [
      await registerForTicket(hausaContext.request, { fullName: "Ƙaura Ɗanjuma Ɓello" }, { dataDir: site.dataDir }),
    ];
    await hausaContext.close();
    for (const fullName of ["Aisha Musa", "Stayed Home One", "Stayed Home Two"]) {
      people.push(await registerForTicket(page.request, { fullName }, { dataDir: site.dataDir }));
    }
    const [hausa, english, absent] = people as [RegisteredAttendee, RegisteredAttendee, RegisteredAttendee, RegisteredAttendee];
    await signInAsAdmin(page, { redirectTo: "/admin/check-in" });
    for (const title of ["Opening ceremony", "Workshop: writing a grant application"]) {
      const agenda = await page.request.post("/admin/agenda/new", {
        form: { time: "10:00 AM", title, description: "", speaker_name: "", speaker_id: "" },
        headers: { Origin: site.url },
        maxRedirects: 0,
      });
      expect(agenda.status()).toBe(302);
    }
    for (const person of [hausa, english]) {
      await page.goto("/admin/check-in");
      await waitForInteractive(page);
      await page.getByRole("textbox", { name: "Ticket ID" }).fill(person.ticketId);
      await page.getByRole("button", { name: "Check in", exact: true }).click();
      await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "checked-in");
    }

    // Before the event has ended, the button says it is too early.
    await page.goto("/admin/settings");
    await waitForInteractive(page);
    const eventDate = await page.getByLabel("Event date").inputValue();
    await page.getByLabel("Signed by (name)").fill("Hon. Aminu Sani");
    await page.getByLabel("Signer's title", { exact: true }).fill("Commissioner for Youth and Sports");
    await page.getByRole("button", { name: "Save Event Settings" }).click();
    await expect(page.getByText("Event settings saved successfully!")).toBeVisible();

    // The day after the event.
    const daysToEvent = Math.ceil((Date.parse(`${eventDate}T16:00:00Z`) - Date.now()) / DAY_MS);
    moveClock(daysToEvent + 1);
    await signInAsAdmin(page, { redirectTo: "/admin/operations" });
    await page.goto("/admin/operations");
    await waitForInteractive(page);
    const panel = page.locator("section").filter({ has: page.getByRole("heading", { name: "After the Event" }) });
    await expect(panel.getByTestId("certificate-progress")).toHaveText("No certificates sent yet · 2 attendees checked in");
    await panel.getByRole("link", { name: "Send Certificates" }).click();
    const dialog = page.getByRole("dialog", { name: "Send Certificates" });
    await expect(dialog).toContainText(
      "Send certificates of attendance to 2 attendees who were checked in, and the feedback survey to 2 people who registered but did not come?",
    );
    await expectNoViolations(page, "/admin/operations with Send Certificates open");
    await docsScreenshot(page, "send-certificates.png");
    await dialog.getByRole("button", { name: "Send Certificates" }).click();
    await expect(page.getByText("Sending certificates to 2 attendees and the feedback survey to 2 who did not come…")).toBeVisible();
    await expect(page.getByText("Certificates sent to 2 attendees!")).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByTestId("certificate-progress")).toHaveText("Certificates: 0 queued, 2 sent, 0 failed");

    // Exactly those checked in have a certificate, each in their language with their name in the PDF.
    await waitForSiteMail(site, hausa.email, 2);
    const certificateMails = (await siteMail(site)).filter((mail) => mail.attachments.some((a) => a.contentType === "application/pdf"));
    expect(certificateMails.flatMap((mail) => mail.to).sort()).toEqual([hausa.email, english.email].map((e) => e.toLowerCase()).sort());
    const absentMail = (await waitForSiteMail(site, absent.email, 2)).find((mail) => mail.subject.startsWith("We missed you"));
    expect(absentMail?.attachments).toEqual([]);
    let verifyUrl = "";
    for (const person of [hausa, english]) {
      const mail = certificateMails.find((m) => m.to.includes(person.email.toLowerCase())) as SiteMail;
      const pdf = mail.attachments.find((a) => a.contentType === "application/pdf")?.content as Buffer;
      const [first] = await renderPdf(context, pdf, 2);
      const text = first?.items.map((item) => item.str).join(" ") ?? "";
      expect(text).toContain(person.fullName);
      expect(text).toContain("Hon. Aminu Sani");
      const qr = await decodeQr(first?.png as Buffer);
      expect(qr).toMatch(new RegExp(`^${site.url.replace(/[.:/]/g, "\\$&")}/verify/[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$`));
      expect(mail.text).toContain(qr);
      if (person === english) verifyUrl = qr;
    }
    expect(certificateMails.find((m) => m.to.includes(hausa.email.toLowerCase()))?.subject).toBe(
      "Takardar shaidar halarta — Zamfara Youth Summit",
    );

    // A stranger verifies the certificate, then a tampered code.
    const stranger = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const verifier = await stranger.newPage();
    await verifier.goto(verifyUrl);
    const verdict = verifier.getByRole("status");
    await expect(verdict).toContainText("Valid");
    await expect(verdict).toContainText("Aisha Musa");
    await verifier.setViewportSize({ width: 360, height: 740 });
    await docsScreenshot(verifier, "verify-valid.png", { fullPage: true });
    const code = verifyUrl.slice(-19);
    const tampered = `${code.slice(0, 15)}${code[15] === "A" ? "B" : "A"}${code.slice(16)}`;
    await verifier.getByLabel("Verify another certificate").fill(tampered.toLowerCase().replace(/-/g, " "));
    await verifier.getByRole("button", { name: "Verify" }).click();
    await expect(verifier.getByRole("status")).toContainText("Not a valid certificate");
    await expect(verifier.getByRole("status")).not.toContainText("Aisha Musa");
    await stranger.close();

    // The ticket page offers the certificate again.
    const ticketLink = linkIn(certificateMails.find((m) => m.to.includes(english.email.toLowerCase())) as SiteMail, /\/certificate\.pdf$/);
    const download = await page.request.get(ticketLink ?? "");
    expect(download.headers()["content-type"]).toBe("application/pdf");

    // Aisha answers the survey from her e-mail, then changes her rating.
    const surveyLink = linkIn(certificateMails.find((m) => m.to.includes(english.email.toLowerCase())) as SiteMail, /\/feedback\//);
    const person = await browser.newContext({ baseURL: site.url });
    const survey = await person.newPage();
    await survey.goto(surveyLink ?? "");
    await waitForInteractive(survey);
    await expect(survey.getByRole("heading", { name: "How was the summit?" })).toBeVisible();
    await expectNoViolations(survey, "/feedback/<token>");
    await survey
      .getByRole("group", { name: /Overall, how would you rate the summit/ })
      .getByText("4", { exact: true })
      .click();
    await survey
      .getByLabel("Which session was the most useful to you?")
      .selectOption({ label: "10:00 AM · Workshop: writing a grant application" });
    await survey.getByRole("group", { name: "Would you come again?" }).getByText("Yes", { exact: true }).click();
    await survey.getByLabel("What should change next time?").fill("Share the slides after the event.");
    await survey.getByRole("button", { name: "Send my answers" }).click();
    await expect(survey.getByText(/^Thank you! Your answers are saved/)).toBeVisible();
    await survey
      .getByRole("group", { name: /Overall, how would you rate the summit/ })
      .locator("label")
      .filter({ hasText: /^5/ })
      .click();
    await survey.getByLabel("You may quote me with my name").check();
    await survey.getByRole("button", { name: "Save my changes" }).click();
    await expect(survey.getByText(/^Thank you! Your answers are saved/)).toBeVisible();
    await person.close();

    // The organisers' Feedback page: one answer of four registered, rated 5, the workshop first, quotable.
    await page.goto("/admin/feedback");
    await waitForInteractive(page);
    await expect(page.getByText("5.0 / 5")).toBeVisible();
    await expect(page.getByText("1 of 4 registered answered")).toBeVisible();
    await expect(page.getByText("Workshop: writing a grant application", { exact: true })).toBeVisible();
    const comment = page.getByRole("listitem").filter({ hasText: "Share the slides after the event." });
    await expect(comment).toContainText("Aisha Musa");
    await expectNoViolations(page, "/admin/feedback");

    // The ticket e-mail's calendar entries (.ics and Google link) hold the site and the ticket ID, never the ticket's link.
    const ticketMail = (await siteMail(site)).find(
      (m) => m.to.includes(english.email.toLowerCase()) && m.subject.includes(english.ticketId),
    );
    const ics = ticketMail?.attachments.find((a) => a.filename.endsWith(".ics"))?.content.toString("utf8") ?? "";
    const google = linkIn(ticketMail as SiteMail, /^https:\/\/calendar\.google\.com\//)?.replaceAll("&amp;", "&") ?? "";
    for (const entry of [ics.replace(/\r\n[ \t]/g, ""), decodeURIComponent(google)]) {
      expect(entry).toContain(english.ticketId);
      expect(entry).not.toContain("/tickets/");
    }

    // Issue 39: the next edition starts while the survey is open; the review says what stays.
    await page.goto("/admin/editions/new");
    await page.getByRole("button", { name: "Review what will happen" }).click();
    await expect(page.getByTestId("review-promises")).toContainText(
      /survey stays open until .*Its 1 answer so far stay on the Feedback page/,
    );
    await expect(page.getByTestId("review-promises")).toContainText(/Its 2 certificates stay verifiable at \/verify until/);
    await page.getByRole("button", { name: /^Start the / }).click();
    await expect(page).toHaveURL(/\/admin$/);
    // Ƙaura's link from the certificate e-mail still opens last year's survey and takes an answer.
    const hausaMail = certificateMails.find((m) => m.to.includes(hausa.email.toLowerCase())) as SiteMail;
    const late = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const lateSurvey = await late.newPage();
    await lateSurvey.goto((linkIn(hausaMail, /\/feedback\//) ?? "").replace("lang=ha", "lang=en"));
    await lateSurvey
      .getByRole("group", { name: /Overall, how would you rate the summit/ })
      .getByText("3", { exact: true })
      .click();
    await lateSurvey.getByRole("group", { name: "Would you come again?" }).getByText("Yes", { exact: true }).click();
    await lateSurvey.getByRole("button", { name: "Send my answers" }).click();
    await expect(lateSurvey.getByText(/^Thank you! Your answers are saved/)).toBeVisible();
    // Last year's ticket page still offers the certificate.
    const pastTicket = await lateSurvey.request.get((ticketLink ?? "").replace(/\/certificate\.pdf$/, ""));
    expect(await pastTicket.text()).toContain("/certificate.pdf");
    await late.close();
    // The Feedback page: the new edition by default, the first edition's two answers when chosen (a GET form).
    await page.goto("/admin/feedback");
    await expect(page.getByText("Nobody has answered the survey yet.")).toBeVisible();
    await page.getByTestId("feedback-edition").getByLabel("Edition").selectOption({ label: "First edition" });
    await page.getByTestId("feedback-edition").getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/edition=1/);
    await expect(page.getByText("2 of 4 registered answered")).toBeVisible();
    await context.close();
  });
});
