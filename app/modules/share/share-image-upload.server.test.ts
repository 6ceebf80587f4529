import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection } from "~/db/client.server";
import { media } from "~/db/schema";
import { createAdmin } from "~/modules/auth/accounts.server";
import { concludedWithPeople } from "~/modules/editions/edition-state.server";
import { settingsAction } from "~/modules/settings/actions.server";
import { getSettings } from "~/modules/settings/settings.server";
import { MAX_SHARE_IMAGE_BYTES, shareImageBytes, shareImageSpec } from "./share-image.server";

/** As the settings route wires them: the editions' date rule, nothing after the save. */
const RULES = { keepsItsDate: concludedWithPeople };

// The organisers' own share image, uploaded in Event Settings like the logo: checked, cropped to
// 1200 × 630 on the way in, shown to crawlers as a JPEG under WhatsApp's 300 KB, and deleted
// from the store once removed.

vi.stubEnv("SESSION_SECRET", "share-image-upload-secret-0123456789abcdef");

const SITE = "https://summit.example.org";
const FIELDS: Record<string, string> = {
  event_name: "Zamfara Youth Summit 2026",
  event_date: "2026-12-23",
  event_starts_at: "09:00",
  event_ends_at: "16:00",
  venue: "Ɗan Fodio Hall, Gusau",
  about: "A day of dialogue.",
  contact_email: "hello@example.org",
  max_attendees: "300",
  waitlist_offer_hours: "48",
  organiser_name: "Zamfara State Ministry of Youth",
  retention_days: "30",
  guest_of_honor_name: "His Excellency",
  hold_network_per_minute: "25",
  hold_domain_per_10_minutes: "30",
  hold_overall_per_minute: "120",
  held_expiry_hours: "12",
  feedback_days: "21",
};

function post(fields: Record<string, string>, file?: { bytes: Buffer; type: string }) {
  const body = new FormData();
  for (const [key, value] of Object.entries({ ...FIELDS, ...fields })) body.set(key, value);
  if (file) body.set("share_image_file", new File([new Uint8Array(file.bytes)], "poster.jpg", { type: file.type }));
  return new Request("http://127.0.0.1/admin/settings", { method: "POST", body });
}

/** A photograph-like picture (noise compresses worst), tall and narrow: it has to be cropped. */
async function busyPhoto(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

for (const kind of DATABASE_KINDS) {
  describe(`the organisers' share image (${kind})`, () => {
    let database: DbConnection;
    let actor: { id: string; email: string };
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      actor = await createAdmin(database.db, { email: `share-${kind}@example.org`, password: "a long enough password" });
    });
    afterAll(async () => database?.close());

    it("is cropped to 1200 × 630 on upload and shown as a JPEG under 300 KB", async () => {
      const { db } = database;
      const answer = await settingsAction(
        db,
        actor,
        post({}, { bytes: await busyPhoto(1000 + DATABASE_KINDS.indexOf(kind), 1400), type: "image/jpeg" }),
        "/admin/settings",
        RULES,
      );
      expect(answer instanceof Response && answer.status).toBe(302);
      const settings = await getSettings(db);
      const id = /^\/media\/([0-9a-f]{64})\.webp$/.exec(settings.share_image_url)?.[1];
      expect(id).toBeDefined();
      const [stored] = await db
        .select({ width: media.width, height: media.height })
        .from(media)
        .where(eq(media.id, id as string));
      expect(stored).toEqual({ width: 1200, height: 630 });

      const spec = shareImageSpec(settings, "ha", SITE);
      expect([spec.format, spec.uploadId]).toEqual(["jpg", id]);
      const bytes = await shareImageBytes(db, spec);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
      expect(bytes.length).toBeLessThanOrEqual(MAX_SHARE_IMAGE_BYTES);
    });

    it("refuses what is not an image, keeping the one there", async () => {
      const { db } = database;
      const before = (await getSettings(db)).share_image_url;
      const answer = await settingsAction(
        db,
        actor,
        post({ share_image_url: before }, { bytes: Buffer.from("<svg onload=alert(1)>"), type: "image/jpeg" }),
        "/admin/settings",
        RULES,
      );
      expect(answer instanceof Response).toBe(false);
      expect(JSON.stringify(answer)).toContain("This file is not a picture.");
      expect((await getSettings(db)).share_image_url).toBe(before);
    });

    it("once removed, is deleted from the store, and the drawn card is back", async () => {
      const { db } = database;
      const before = (await getSettings(db)).share_image_url;
      const answer = await settingsAction(
        db,
        actor,
        post({ share_image_url: before, remove_share_image_url: "on" }),
        "/admin/settings",
        RULES,
      );
      expect(answer instanceof Response && answer.status).toBe(302);
      const settings = await getSettings(db);
      expect(settings.share_image_url).toBe("");
      const id = /([0-9a-f]{64})/.exec(before)?.[1] as string;
      expect(await db.select({ id: media.id }).from(media).where(eq(media.id, id))).toEqual([]);
      expect(shareImageSpec(settings, "en", SITE).format).toBe("png");
    });
  });
}
