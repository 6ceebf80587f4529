import { eq, sql } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { createAttendee, createUssdAttendee } from "~/db/factories";
import { jobDoneFor } from "~/db/job-runs.server";
import {
  attendees,
  audit_log,
  certificates,
  check_ins,
  event_settings,
  feedback,
  feedback_requests,
  job_runs,
  mail_outbox,
} from "~/db/schema";
import { deleteAttendee } from "~/modules/attendees/attendees.server";
import { exportPersonalData } from "~/modules/attendees/personal-data.server";
import { createTestActor } from "~/modules/attendees/test-data.server";
import { PermanentMailError } from "~/modules/mail/transport.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { formatCode } from "./certificate-code";
import { certificateCode } from "./certificate-code.server";
import { certificatePreviewPdf } from "./certificate-download.server";
import { renderCertificateMail, renderCertificateSms, renderFeedbackRequestMail } from "./certificate-mail.server";
import { expireCertificates, verifyCertificate } from "./certificate-verify.server";
import {
  autoCertificatePlan,
  certificateMessage,
  certificateOverview,
  certificateSmsMessage,
  EventNotEndedError,
  feedbackRequestMessage,
  queueCertificates,
  sendDueCertificates,
} from "./certificates.server";

const KEYS = { publicUrl: "https://summit.example.org", secret: "certificate-test-secret-0123456789abcdef" };
const ORGANISER = { id: null, email: "organiser@example.org" };
// The event: 12 August 2027, 8:00 AM - 5:00 PM in Gusau (UTC+1).
const DURING = new Date("2027-08-12T12:00:00Z");
const AFTER = new Date("2027-08-12T20:00:00Z");

async function pdfText(base64: string): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(Buffer.from(base64, "base64")), useSystemFonts: false }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

describe.each(DATABASE_KINDS)("certificates on %s", (kind) => {
  let database: DbConnection;
  const checkIn = (attendeeId: string) => database.db.insert(check_ins).values({ attendee_id: attendeeId });
  const mailsOf = (template: string) => database.db.select().from(mail_outbox).where(eq(mail_outbox.template, template));
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    for (const table of [certificates, feedback, feedback_requests, mail_outbox, check_ins, attendees, audit_log, job_runs])
      await database.db.delete(table);
    await updateSettings(database.db, {
      event_name: "Zamfara Youth Summit",
      event_date: "2027-08-12",
      event_starts_at: "08:00:00",
      event_ends_at: "17:00:00",
      venue: "Gusau Township Stadium",
      translations: { ha: { venue: "Filin wasa na Gusau" } },
      auto_certificates: false,
      certificate_valid_days: null,
      retention_days: 90,
      certificate_signer_name: "Hon. Aminu Sani",
      certificate_signer_title: "Commissioner for Youth and Sports",
    });
  });

  it("gives a certificate to exactly the checked-in, once each, however often and concurrently it is pressed", async () => {
    const { db } = database;
    const came = await Promise.all([createAttendee(db, { full_name: "Ƙaura Ɗanjuma" }), createAttendee(db, { language: "ha" })]);
    const phoneOnly = await createUssdAttendee(db);
    const stayedAway = await Promise.all([createAttendee(db), createUssdAttendee(db)]);
    for (const person of [...came, phoneOnly]) await checkIn(person.id);

    await expect(queueCertificates(db, ORGANISER, DURING)).rejects.toBeInstanceOf(EventNotEndedError);
    const runs = await Promise.all([queueCertificates(db, ORGANISER, AFTER), queueCertificates(db, ORGANISER, AFTER)]);
    expect(runs.reduce((sum, run) => sum + run.certificates, 0)).toBe(3);
    expect(runs.reduce((sum, run) => sum + run.feedbackRequests, 0)).toBe(2);
    expect(await queueCertificates(db, ORGANISER, AFTER)).toMatchObject({ certificates: 0, feedbackRequests: 0 });

    const issued = await db.select().from(certificates);
    expect(issued.map((c) => c.attendee_id).sort()).toEqual([...came, phoneOnly].map((p) => p.id).sort());
    expect(new Set(issued.map((c) => c.serial)).size).toBe(3);
    expect(issued.find((c) => c.attendee_id === came[1]?.id)?.venue).toBe("Filin wasa na Gusau");
    // E-mail for those with an address, SMS for the phone-only one; the absent get the survey.
    expect((await mailsOf(certificateMessage.name)).map((m) => m.to_address).sort()).toEqual(came.map((p) => p.email).sort());
    expect((await mailsOf(certificateSmsMessage.name)).map((m) => m.to_address)).toEqual([phoneOnly.phone]);
    const requests = await db.select().from(feedback_requests);
    expect(requests.map((r) => r.attendee_id).sort()).toEqual(stayedAway.map((p) => p.id).sort());
    expect((await mailsOf(feedbackRequestMessage.name)).map((m) => m.to_address)).toEqual([stayedAway[0]?.email]);

    expect(await certificateOverview(db, 1)).toEqual({
      checkedIn: 3,
      absent: 2,
      toIssue: 0,
      toRequest: 0,
      progress: { total: 3, queued: 3, sent: 0, failed: 0 },
    });
    // Someone checked in late gets theirs on the next press, and nobody else again.
    await checkIn(stayedAway[0]?.id as string);
    expect(await queueCertificates(db, ORGANISER, AFTER)).toMatchObject({ certificates: 1, feedbackRequests: 0 });
    const logged = await db.select().from(audit_log).where(eq(audit_log.action, "certificates.send"));
    expect(logged).toHaveLength(4);
  });

  it("renders the e-mail with the PDF (the name, the event, the code) and links to verify, download and the survey", async () => {
    const { db } = database;
    const person = await createAttendee(db, { full_name: "Ƙaura Ɗanjuma Ɓello" });
    await checkIn(person.id);
    await queueCertificates(db, ORGANISER, AFTER);
    const [mail] = await mailsOf(certificateMessage.name);
    const [certificate] = await db.select().from(certificates);
    const rendered = await renderCertificateMail(db, mail?.template_data ?? null, KEYS);
    const code = formatCode(certificateCode(certificate?.serial as string, KEYS.secret));
    expect(rendered.subject).toBe("Your certificate of attendance — Zamfara Youth Summit");
    expect(rendered.text).toContain(`https://summit.example.org/verify/${code}`);
    expect(rendered.text).toContain("/certificate.pdf");
    expect(rendered.text).toContain("https://summit.example.org/feedback/");
    const [attachment] = rendered.attachments ?? [];
    expect(attachment).toMatchObject({ contentType: "application/pdf", filename: `zamfara-youth-summit-certificate-${code}.pdf` });
    const text = await pdfText(attachment?.content as string);
    for (const expected of ["Ƙaura Ɗanjuma Ɓello", "Zamfara Youth Summit", "Gusau Township Stadium", code, "Hon. Aminu Sani"]) {
      expect(text).toContain(expected);
    }
  });

  it("sends the phone-only their code and link by SMS, and the absent a survey invitation", async () => {
    const { db } = database;
    const phoneOnly = await createUssdAttendee(db, { language: "ha" });
    const absent = await createAttendee(db, { full_name: "Zainab Musa" });
    await checkIn(phoneOnly.id);
    await queueCertificates(db, ORGANISER, AFTER);
    const [sms] = await mailsOf(certificateSmsMessage.name);
    const text = await renderCertificateSms(db, sms?.template_data ?? null, KEYS);
    expect(text).toMatch(/^Zamfara Youth Summit: mun gode da zuwanku\. .* https:\/\/summit\.example\.org\/verify\/[0-9A-Z-]{19} /);
    const [request] = await mailsOf(feedbackRequestMessage.name);
    const invitation = await renderFeedbackRequestMail(db, request?.template_data ?? null, KEYS);
    expect(invitation.subject).toContain("We missed you");
    expect(invitation.text).toContain("Zainab Musa");
    expect(invitation.text).toContain("/feedback/");
    expect(absent.id).toBe(request?.attendee_id);
  });

  it("goes out by itself once, the morning after, when organisers set it", async () => {
    const { db } = database;
    await checkIn((await createAttendee(db)).id);
    expect(autoCertificatePlan({ auto_certificates: false, event_date: "2027-08-12" }, false)).toEqual({
      state: "off",
    });
    await db.update(event_settings).set({ auto_certificates: true });
    expect(await sendDueCertificates(db, AFTER)).toBeNull();
    const morning = new Date("2027-08-13T08:00:00Z"); // 09:00 in Gusau
    const runs = await Promise.all([sendDueCertificates(db, morning), sendDueCertificates(db, morning)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(runs.find(Boolean)?.certificates).toBe(1);
    expect(await sendDueCertificates(db, new Date("2027-08-14T08:00:00Z"))).toBeNull();
    expect(await jobDoneFor(db, "auto-certificates", "2027-08-12")).toBe(true);
  });

  it("verifies while valid, not when tampered, neutrally once erased, and as expired after the organisers' period", async () => {
    const { db } = database;
    const actor = await createTestActor(db);
    const kept = await createAttendee(db, { full_name: "Aisha Bello" });
    const erased = await createAttendee(db);
    for (const person of [kept, erased]) await checkIn(person.id);
    await queueCertificates(db, ORGANISER, AFTER);
    const codeOf = async (attendeeId: string) => {
      const [row] = await db.select().from(certificates).where(eq(certificates.attendee_id, attendeeId));
      return certificateCode(row?.serial as string, KEYS.secret);
    };
    const settings = { certificate_valid_days: 30, retention_days: 90 };
    const code = await codeOf(kept.id);
    const erasedCode = await codeOf(erased.id);
    expect(await verifyCertificate(db, formatCode(code), { secret: KEYS.secret, settings, now: AFTER })).toMatchObject({
      state: "valid",
      fullName: "Aisha Bello",
      eventName: "Zamfara Youth Summit",
      eventDate: "2027-08-12",
      venue: "Gusau Township Stadium",
    });
    const tampered = `${code.slice(0, 10)}${code[10] === "A" ? "B" : "A"}${code.slice(11)}`;
    expect(await verifyCertificate(db, tampered, { secret: KEYS.secret, settings, now: AFTER })).toEqual({ state: "invalid" });

    // "Download my data" includes the certificate and the survey answer; erasure deletes the answer.
    await db
      .insert(feedback)
      .values({ attendee_id: erased.id, edition_id: 1, attended: true, rating: 4, change_text: "I am Musa from Kaura." });
    const exported = await exportPersonalData(db, actor, erased.id);
    expect(exported?.certificates).toMatchObject([{ full_name: erased.full_name, event_name: "Zamfara Youth Summit" }]);
    expect(exported?.feedback).toMatchObject({ rating: 4, what_should_change: "I am Musa from Kaura." });
    await deleteAttendee(db, actor, erased.id);
    expect(await db.select().from(feedback)).toEqual([]);
    expect(await verifyCertificate(db, erasedCode, { secret: KEYS.secret, settings, now: AFTER })).toEqual({ state: "withdrawn" });
    const [withdrawn] = await db.select().from(certificates).where(sql`${certificates.withdrawn_at} is not null`);
    expect(withdrawn?.full_name).toBeNull();

    // The registration's own deletion (a new edition, the retention purge) does not void it.
    await db.delete(attendees).where(eq(attendees.id, kept.id));
    const day30 = new Date("2027-09-11T20:00:00Z");
    expect((await verifyCertificate(db, code, { secret: KEYS.secret, settings, now: day30 })).state).toBe("valid");
    expect(await expireCertificates(db, settings, day30)).toBe(0);
    const day31 = new Date("2027-09-12T00:00:00Z");
    expect(await verifyCertificate(db, code, { secret: KEYS.secret, settings, now: day31 })).toEqual({ state: "expired" });
    expect(await expireCertificates(db, settings, day31)).toBe(1);
    const [expired] = await db.select().from(certificates).where(sql`${certificates.expired_at} is not null`);
    expect(expired?.full_name).toBeNull();
    // Without a period of their own, certificates verify as long as personal data is kept.
    const byRetention = { certificate_valid_days: null, retention_days: 90 };
    expect(await expireCertificates(db, byRetention, day31)).toBe(0);
  });

  it("previews the certificate for organisers with the current settings, in English or Hausa, its code verifying nothing", async () => {
    const { db } = database;
    const english = await pdfText((await certificatePreviewPdf(db, null, KEYS)).toString("base64"));
    expect(english).toContain("Aisha Musa Ɗanjuma");
    expect(english).toContain("Gusau Township Stadium");
    expect(english).toContain("Hon. Aminu Sani");
    const hausa = await pdfText((await certificatePreviewPdf(db, "ha", KEYS)).toString("base64"));
    expect(hausa).toContain("Filin wasa na Gusau");
    const code = certificateCode("00000000", KEYS.secret);
    expect(
      await verifyCertificate(db, code, { secret: KEYS.secret, settings: { certificate_valid_days: null, retention_days: 90 } }),
    ).toEqual({
      state: "invalid",
    });
  });

  it("refuses to render a certificate whose holder was erased after it was queued", async () => {
    const { db } = database;
    const person = await createAttendee(db);
    await checkIn(person.id);
    await queueCertificates(db, ORGANISER, AFTER);
    const [certificate] = await db.select().from(certificates);
    await db.update(certificates).set({ withdrawn_at: new Date(), full_name: null });
    await expect(renderCertificateMail(db, { certificateId: certificate?.id }, KEYS)).rejects.toBeInstanceOf(PermanentMailError);
  });
});
