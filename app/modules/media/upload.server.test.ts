import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DbConnection, DbOrTx } from "~/db/client.server";
import { createArchivedEdition } from "~/db/factories";
import { event_settings, media, partners, SETTINGS_ID, speakers, special_guests } from "~/db/schema";
import { readImage, storeImage } from "./media.server";
import { type ImageFile, readUploadForm, releaseImages, resolveImage, sweepOrphanMedia, type UploadForm } from "./upload.server";
import { UPLOAD_MESSAGES } from "./upload-rules";

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

let shade = 0;
/** A small JPEG of a colour no other test uses, so each stored image is a new row. */
async function distinctJpeg(): Promise<Buffer> {
  shade++;
  return sharp({ create: { width: 24, height: 24, channels: 3, background: { r: shade % 256, g: (shade * 7) % 256, b: 90 } } })
    .jpeg()
    .toBuffer();
}

const jpegFile = (bytes: Buffer): ImageFile => ({ type: "image/jpeg", size: bytes.length, bytes });

function post(form: FormData | URLSearchParams, headers?: Record<string, string>): Request {
  return new Request("http://localhost/admin/speakers", { method: "POST", body: form, headers });
}

const upload = (images: UploadForm["images"], fields: Record<string, string> = {}): UploadForm => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return { formData, images };
};

describe("readUploadForm", () => {
  it("gives the text fields and the chosen file", async () => {
    const bytes = await distinctJpeg();
    const form = new FormData();
    form.set("name", "Ada Lovelace");
    form.set("image_url", "/media/old.webp");
    form.set("image_file", new File([new Uint8Array(bytes)], "ada.jpg", { type: "image/jpeg" }));
    form.set("bio", "Poet of science");
    const { formData, images } = await readUploadForm(post(form));
    expect(formData.get("name")).toBe("Ada Lovelace");
    expect(formData.get("bio")).toBe("Poet of science");
    expect(formData.get("image_url")).toBe("/media/old.webp");
    expect(formData.get("image_file")).toBeNull();
    const image = images.image_file;
    expect(image && "bytes" in image && image).toMatchObject({ type: "image/jpeg", size: bytes.length });
    expect(image && "bytes" in image && image.bytes.equals(bytes)).toBe(true);
  });

  it("marks a file over 5 MB too large and still reads the fields around it", async () => {
    const form = new FormData();
    form.set("name", "Before");
    form.set("image_file", new File([new Uint8Array(6 * MB)], "huge.jpg", { type: "image/jpeg" }));
    form.set("title", "After");
    const { formData, images } = await readUploadForm(post(form));
    expect(images.image_file).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
    expect(formData.get("name")).toBe("Before");
    expect(formData.get("title")).toBe("After");
  });

  it("ignores a file input left empty, and reads urlencoded posts too", async () => {
    const form = new FormData();
    form.set("name", "No photo");
    form.set("image_file", new File([], "", { type: "application/octet-stream" }));
    const empty = await readUploadForm(post(form));
    expect(Object.keys(empty.images)).toEqual([]);
    expect(empty.formData.get("name")).toBe("No photo");

    const urlencoded = await readUploadForm(post(new URLSearchParams({ intent: "delete", id: "42" })));
    expect(Object.keys(urlencoded.images)).toEqual([]);
    expect(urlencoded.formData.get("intent")).toBe("delete");
  });

  it("answers 413 to more than 5 files, more than 25 MB, or a declared length over it", async () => {
    const status = (request: Request) =>
      readUploadForm(request).then(
        () => "read",
        (error: unknown) => (error instanceof Response ? error.status : error),
      );
    const files = (n: number, size: number) => {
      const form = new FormData();
      for (let i = 0; i < n; i++) form.append(`file${i}`, new File([new Uint8Array(size)], `${i}.jpg`, { type: "image/jpeg" }));
      return form;
    };
    expect(await status(post(files(5, 10)))).toBe("read");
    expect(await status(post(files(6, 10)))).toBe(413);
    expect(await status(post(files(5, 5.5 * MB)))).toBe(413);
    expect(await status(post(files(1, 30 * MB)))).toBe(413);
    expect(await status(post(new URLSearchParams({ a: "1" }), { "Content-Length": String(100 * MB) }))).toBe(413);
  });
});

describe.each(DATABASE_KINDS)("stored uploads on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  const store = async () => {
    const bytes = await distinctJpeg();
    return storeImage(database.db, jpegFile(bytes));
  };
  const exists = async (id: string) => (await database.db.select({ id: media.id }).from(media).where(eq(media.id, id))).length === 1;
  const age = (id: string, days: number) =>
    database.db
      .update(media)
      .set({ created_at: new Date(Date.now() - days * DAY_MS) })
      .where(eq(media.id, id));

  it("resolveImage: a refused upload, a new image, a removal, or the URL kept", async () => {
    const { db } = database;
    const names = { file: "image_file", url: "image_url" };
    expect(await resolveImage(db, upload({ image_file: { error: UPLOAD_MESSAGES.tooLarge } }), names)).toEqual({
      error: UPLOAD_MESSAGES.tooLarge,
    });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f0" } })
      .gif()
      .toBuffer();
    expect(await resolveImage(db, upload({ image_file: { type: "image/jpeg", size: gif.length, bytes: gif } }), names)).toEqual({
      error: UPLOAD_MESSAGES.wrongType,
    });

    const bytes = await distinctJpeg();
    const stored = await resolveImage(db, upload({ image_file: jpegFile(bytes) }, { image_url: "/media/a.webp" }), names);
    expect(stored).toEqual({ url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.webp$/) });
    expect(await exists((stored as { url: string }).url.slice(7, 71))).toBe(true);

    expect(await resolveImage(db, upload({}, { image_url: "/media/a.webp", remove_image_url: "on" }), names)).toEqual({ url: "" });
    expect(await resolveImage(db, upload({}, { image_url: "/media/a.webp" }), names)).toEqual({ url: "/media/a.webp" });
    expect(await resolveImage(db, upload({}), names)).toEqual({ url: "" });
    // Only refusals become messages: a failing database is not the admin's fault.
    const broken = {
      insert: () => {
        throw new Error("database down");
      },
    } as unknown as DbOrTx;
    await expect(resolveImage(broken, upload({ image_file: jpegFile(bytes) }), names)).rejects.toThrow("database down");
  });

  it("releaseImages deletes what nothing shows any more, and keeps what another row still shows", async () => {
    const { db } = database;
    const [shared, replaced, logo, guestOfHonor, guest] = [await store(), await store(), await store(), await store(), await store()];
    await db.insert(speakers).values({ name: "Speaker", title: "Host", image_url: "" });
    await db.insert(partners).values({ name: "Partner", logo_url: shared.url });
    await db.insert(special_guests).values({ name: "Guest", title: "Chief", image_url: guest.url });
    await db
      .insert(event_settings)
      .values({ id: SETTINGS_ID, logo_url: logo.url, guest_of_honor_image_url: guestOfHonor.url })
      .onConflictDoUpdate({ target: event_settings.id, set: { logo_url: logo.url, guest_of_honor_image_url: guestOfHonor.url } });
    // The image about to go is in this process's cache of resized variants.
    expect(await readImage(db, replaced.id, 64)).not.toBeNull();

    // A speaker's photo (shared with a partner's logo) and another image were just replaced.
    await db.transaction(async (tx) => {
      await releaseImages(tx, [
        shared.url,
        replaced.url,
        logo.url,
        guestOfHonor.url,
        guest.url,
        "https://example.org/a.png",
        "",
        "/media/x.webp",
      ]);
    });
    expect(await exists(replaced.id)).toBe(false);
    expect(await readImage(db, replaced.id, 64)).toBeNull();
    for (const kept of [shared, logo, guestOfHonor, guest]) expect(await exists(kept.id)).toBe(true);

    // The partner goes too: now the shared image is no one's.
    await db.delete(partners);
    await releaseImages(db, [shared.url]);
    expect(await exists(shared.id)).toBe(false);
    await releaseImages(db, []);
  });

  it("sweepOrphanMedia deletes unreferenced uploads older than the cut-off, and none used or recent", async () => {
    const { db } = database;
    // Earlier tests' leftovers are recent, so the counts here are this test's own.
    const [recent, old, oldUsed] = [await store(), await store(), await store()];
    await db.insert(speakers).values({ name: "Keeps it", title: "Speaker", image_url: oldUsed.url });
    for (const image of [old, oldUsed]) await age(image.id, 2);

    expect(await sweepOrphanMedia(db, new Date(Date.now() - DAY_MS))).toBe(1);
    expect(await exists(old.id)).toBe(false);
    for (const kept of [recent, oldUsed]) expect(await exists(kept.id)).toBe(true);
    expect(await sweepOrphanMedia(db, new Date(Date.now() - DAY_MS))).toBe(0);
  });

  it("keeps the images a past edition shows on /editions, once its speakers and partners are gone", async () => {
    const { db } = database;
    const [photo, logo, dropped] = [await store(), await store(), await store()];
    // The archive lists what its content shows; the live rows that showed them were deleted.
    await createArchivedEdition(db, {
      content: { speakers: [{ name: "Past Speaker", title: "", bio: "", image_url: photo.url, translations: {} }] },
      media_urls: [photo.url, logo.url],
    });
    for (const image of [photo, logo, dropped]) await age(image.id, 2);

    await releaseImages(db, [photo.url, logo.url]);
    for (const kept of [photo, logo]) expect(await exists(kept.id)).toBe(true);
    expect(await sweepOrphanMedia(db, new Date(Date.now() - DAY_MS))).toBe(1);
    expect(await exists(dropped.id)).toBe(false);
    for (const kept of [photo, logo]) expect(await exists(kept.id)).toBe(true);
  });

  it("an image uploaded again is young again, so the sweep spares it", async () => {
    const { db } = database;
    const bytes = await distinctJpeg();
    const first = await storeImage(db, jpegFile(bytes));
    await age(first.id, 2);
    const again = await storeImage(db, jpegFile(bytes));
    expect(again.id).toBe(first.id);
    expect(await sweepOrphanMedia(db, new Date(Date.now() - DAY_MS))).toBe(0);
    expect(await exists(first.id)).toBe(true);
  });
});
