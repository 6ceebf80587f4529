import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { VALID_SETTINGS_FORM } from "#tests/support/form-values.ts";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { audit_log, media } from "~/db/schema";
import type { FieldChange } from "~/modules/audit/changes";
import { createAdmin } from "~/modules/auth/accounts.server";
import { concludedWithPeople } from "~/modules/editions/edition-state.server";
import { sweepOrphanMedia } from "~/modules/media/upload.server";
import { UPLOAD_MESSAGES } from "~/modules/media/upload-rules";
import { settingsAction } from "./actions.server";
import { localizedSettings } from "./localized-settings";
import { getSettings } from "./settings.server";

// The certificate card of Event Settings, posted as the browser posts it (multipart, without
// JavaScript too): the signer's title in Hausa beside the English one, and the signature image
// uploaded, kept by a save that does not touch it, refused with the uploads' own words, removed.

vi.stubEnv("SESSION_SECRET", "certificate-settings-secret-0123456789abcdef");

/** As the settings route wires them: the editions' date rule, nothing after the save. */
const RULES = { keepsItsDate: concludedWithPeople };
const HAUSA_TITLE = "Kwamishinan Matasa da Wasanni";

function post(fields: Record<string, string>, file?: { bytes: Buffer; type: string }) {
  const body = new FormData();
  for (const [key, value] of Object.entries({ ...VALID_SETTINGS_FORM, ...fields })) body.set(key, value);
  if (file) body.set("certificate_signature_file", new File([new Uint8Array(file.bytes)], "signature.png", { type: file.type }));
  return new Request("http://127.0.0.1/admin/settings", { method: "POST", body });
}

/** A signature as organisers scan one: dark ink on a transparent ground, four times as wide as tall. */
function signaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200"><path d="M20 150 C120 20 180 190 260 90 S420 40 480 140 S640 60 780 110" stroke="#1e3a8a" stroke-width="9" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

for (const kind of DATABASE_KINDS) {
  describe(`the certificate card of Event Settings (${kind})`, () => {
    let database: DbConnection;
    let actor: { id: string; email: string };
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      actor = await createAdmin(database.db, { email: `certificate-card-${kind}@example.org`, password: "a long enough password" });
    });
    afterAll(async () => database?.close());

    const save = (request: Request) => settingsAction(database.db, actor, request, "/admin/settings", RULES);
    const stored = async (url: string) => {
      const id = /^\/media\/([0-9a-f]{64})\.webp$/.exec(url)?.[1] ?? "";
      return database.db.select({ width: media.width, height: media.height, bytes: media.bytes }).from(media).where(eq(media.id, id));
    };

    it("saves the signer's title in Hausa and reads it back for Hausa, English where none is given", async () => {
      const answer = await save(post({ "translations.ha.certificate_signer_title": ` ${HAUSA_TITLE} ` }));
      expect(answer instanceof Response && answer.status).toBe(302);
      const settings = await getSettings(database.db);
      expect(settings.translations.ha?.certificate_signer_title).toBe(HAUSA_TITLE);
      expect(localizedSettings(settings, "ha")).toMatchObject({
        certificate_signer_title: HAUSA_TITLE,
        // The name is never translated.
        certificate_signer_name: "Hon. Aminu Sani",
      });
      expect(localizedSettings(settings, "en").certificate_signer_title).toBe("Commissioner for Youth and Sports");
      // Left empty, the Hausa certificate reads the English title.
      await save(post({}));
      const cleared = await getSettings(database.db);
      expect(cleared.translations.ha?.certificate_signer_title).toBeUndefined();
      expect(localizedSettings(cleared, "ha").certificate_signer_title).toBe("Commissioner for Youth and Sports");
    });

    it("refuses a Hausa title beyond the English field's limit, giving back what was typed", async () => {
      const typed = "K".repeat(161);
      const answer = await save(post({ "translations.ha.certificate_signer_title": typed, certificate_signer_name: "Hon. Typed Name" }));
      expect(answer instanceof Response).toBe(false);
      const text = JSON.stringify(answer);
      expect(text).toContain("Please keep this under 160 characters");
      expect(text).toContain(typed);
      expect(text).toContain("Hon. Typed Name");
    });

    it("stores an uploaded signature whole (its proportions and transparency), and keeps it when the form leaves it alone", async () => {
      const answer = await save(post({}, { bytes: await signaturePng(), type: "image/png" }));
      expect(answer instanceof Response && answer.status).toBe(302);
      const url = (await getSettings(database.db)).certificate_signature_url;
      expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
      const [image] = await stored(url);
      expect(image && [image.width, image.height]).toEqual([800, 200]);
      expect((await sharp(image?.bytes).metadata()).hasAlpha).toBe(true);

      // Saved again with the image untouched (the form carries its address back): kept, and not swept.
      const again = await save(post({ certificate_signature_url: url, venue: "Zauren Ɗan Fodio, Gusau" }));
      expect(again instanceof Response && again.status).toBe(302);
      expect((await getSettings(database.db)).certificate_signature_url).toBe(url);
      await sweepOrphanMedia(database.db, new Date(Date.now() + 60_000));
      expect(await stored(url)).toHaveLength(1);
      const [entry] = await database.db
        .select({ details: audit_log.details })
        .from(audit_log)
        .where(eq(audit_log.action, "settings.update"))
        .orderBy(desc(audit_log.created_at))
        .limit(1);
      const changes = (entry?.details as { changes?: FieldChange[] } | undefined)?.changes ?? [];
      expect(changes.map((change) => change.field)).not.toContain("certificate_signature_url");
    });

    it("refuses a file that is no picture with the uploads' own words, keeping the signature and what was typed", async () => {
      const before = (await getSettings(database.db)).certificate_signature_url;
      const answer = await save(
        post(
          { certificate_signature_url: before, "translations.ha.certificate_signer_title": HAUSA_TITLE },
          { bytes: Buffer.from("%PDF-1.4 not a picture"), type: "image/png" },
        ),
      );
      expect(answer instanceof Response).toBe(false);
      const text = JSON.stringify(answer);
      expect(text).toContain(UPLOAD_MESSAGES.unreadable);
      expect(text).toContain(HAUSA_TITLE);
      expect((await getSettings(database.db)).certificate_signature_url).toBe(before);
    });

    it("once removed, clears the address and deletes the stored image; uploading again brings it back", async () => {
      const before = (await getSettings(database.db)).certificate_signature_url;
      expect(before).not.toBe("");
      const answer = await save(post({ certificate_signature_url: before, remove_certificate_signature_url: "on" }));
      expect(answer instanceof Response && answer.status).toBe(302);
      expect((await getSettings(database.db)).certificate_signature_url).toBe("");
      expect(await stored(before)).toEqual([]);

      await save(post({}, { bytes: await signaturePng(), type: "image/png" }));
      expect((await getSettings(database.db)).certificate_signature_url).toBe(before);
    });
  });
}
