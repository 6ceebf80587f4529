import sharp from "sharp";
import { signInAsAdmin } from "../support/admin-session";
import { expect, test } from "../support/fixtures";
import {
  createSpeaker,
  deleteSpeaker,
  field,
  fileInput,
  fullImageUrl,
  listItem,
  MEDIA_SRC,
  MESSAGES,
  newTag,
  openAddSpeaker,
  openSpeakers,
  photoField,
} from "../support/speaker-uploads";
import {
  bigPhonePhoto,
  gifAsJpeg,
  gifImage,
  htmlAsJpeg,
  oversizedJpeg,
  phonePhoto,
  smallPng,
  svgImage,
  textFile,
} from "../support/test-images";

// Photos and logos on the content screens: what the upload field refuses before anything is sent
// (with JavaScript), what the server refuses (without), and what it keeps of a phone photo (a WebP
// without its EXIF, GPS position included, at most 1600 px) and releases once nothing shows it.
// The image files are made at run time (tests/support/test-images.ts), each one unique. The event
// logo's upload is in admin-settings.spec.ts, with the other tests that save the settings; a large
// photo shrunk in the browser before it is sent, in admin-upload-shrink.spec.ts.

test("with JavaScript, a refused file says why at once and the preview goes back to the saved photo", async ({
  adminPage: page,
  failOnPageErrors: _,
}, testInfo) => {
  const tag = newTag(testInfo.project.name);
  const name = `Photo Check ${tag}`;
  const [saved, chosen, gif, huge] = await Promise.all([smallPng("saved.png"), smallPng("chosen.png"), gifImage(), oversizedJpeg()]);
  await openSpeakers(page);
  await createSpeaker(page, name, saved);
  try {
    await openSpeakers(page);
    const cardImage = listItem(page, tag).locator("img");
    const cardSrc = await cardImage.getAttribute("src");
    expect(cardSrc).toMatch(MEDIA_SRC);

    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Speaker" });
    const photo = photoField(dialog);
    await expect(photo).toContainText("JPEG, PNG, WebP up to 5MB");
    const current = photo.getByRole("img", { name: "Current image" });
    await expect(current).toHaveAttribute("src", `${fullImageUrl(cardSrc)}?w=160`);

    for (const [bad, message] of [
      [gif, MESSAGES.wrongType],
      [svgImage(), MESSAGES.wrongType],
      [huge, MESSAGES.tooLarge],
      [textFile(), MESSAGES.notImage],
    ] as const) {
      await fileInput(photo).setInputFiles(chosen);
      await expect(photo.getByRole("img", { name: "Preview of the chosen image" })).toHaveAttribute("src", /^blob:/);
      await expect(photo.getByRole("alert")).toHaveCount(0);

      await fileInput(photo).setInputFiles(bad);
      await expect(photo.getByRole("alert"), bad.name).toHaveText(message);
      await expect(current).toHaveAttribute("src", `${fullImageUrl(cardSrc)}?w=160`);
      await expect(photo.getByRole("img", { name: "Preview of the chosen image" })).toHaveCount(0);
      // Nothing would be posted for it.
      expect(await fileInput(photo).evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    }

    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(cardImage).toHaveAttribute("src", cardSrc ?? "");
  } finally {
    await deleteSpeaker(page, tag);
  }
});

test("without JavaScript the server refuses an HTML page or a GIF named .jpg, a 6 MB and a 12 MB photo; nothing is saved", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the server's checks are the same at any width");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  const tag = newTag(testInfo.project.name);
  const name = `Refused Upload ${tag}`;
  await signInAsAdmin(page);
  await page.goto("/admin/speakers/new");
  const dialog = page.getByRole("dialog", { name: "Add New Speaker" });
  await field(dialog, "Name").fill(name);
  await field(dialog, "Title").fill("Photographer");

  for (const [file, message] of [
    [htmlAsJpeg("portrait.jpg"), MESSAGES.unreadable],
    [await gifAsJpeg("portrait.jpg"), MESSAGES.wrongType],
    [await oversizedJpeg("portrait.jpg"), MESSAGES.tooLarge],
    // Without JavaScript nothing shrinks a phone's photo: the 5 MB rule applies to the file as chosen.
    [await bigPhonePhoto("portrait.jpg"), MESSAGES.tooLarge],
  ] as const) {
    await fileInput(photoField(dialog)).setInputFiles(file);
    await dialog.getByRole("button", { name: "Add Speaker" }).click();
    await expect(photoField(dialog).getByRole("alert"), file.buffer.subarray(0, 15).toString()).toHaveText(message);
    await expect(page.getByText(MESSAGES.checkFields)).toBeVisible();
    // The form comes back with what was typed and without a picture.
    await expect(field(dialog, "Name")).toHaveValue(name);
    await expect(field(dialog, "Title")).toHaveValue("Photographer");
    await expect(photoField(dialog).getByRole("img")).toHaveCount(0);
  }

  await page.goto("/admin/speakers");
  await expect(page.getByRole("heading", { level: 1, name: "Speakers" })).toBeVisible();
  await expect(listItem(page, tag)).toHaveCount(0);
  await context.close();
});

test("with JavaScript, the server's refusal of an HTML file named .jpg shows in the field and keeps what was typed", async ({
  adminPage: page,
}, testInfo) => {
  // No failOnPageErrors: the refusal is a 400 response, which the browser logs as a console error.
  test.skip(testInfo.project.name !== "desktop", "the server's checks are the same at any width");
  const tag = newTag(testInfo.project.name);
  const name = `Renamed Page ${tag}`;
  const dialog = await openAddSpeaker(page, name, "Editor");
  // Declared image/jpeg by its name, so the browser's check lets it through; the server decodes it.
  await fileInput(photoField(dialog)).setInputFiles(htmlAsJpeg("headshot.jpg"));
  await expect(photoField(dialog).getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Add Speaker" }).click();
  await expect(page.getByText(MESSAGES.checkFields)).toBeVisible();
  await expect(photoField(dialog).getByRole("alert")).toHaveText(MESSAGES.unreadable);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/speakers\/new$/);
  await expect(field(dialog, "Name")).toHaveValue(name);
  await expect(field(dialog, "Title")).toHaveValue("Editor");
  // The refused file is dropped, as one refused by the browser would be: no broken preview, nothing to post again.
  await expect(photoField(dialog).getByRole("img", { name: "Preview of the chosen image" })).toHaveCount(0);
  expect(await fileInput(photoField(dialog)).evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(listItem(page, tag)).toHaveCount(0);
});

test(
  "a 4 MB phone photo is kept as a WebP without EXIF (no GPS), at most 1600 px; replaced, the old one is gone at once",
  { tag: "@smoke" },
  async ({ adminPage: page, failOnPageErrors: _, request }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one large upload is enough");
    test.slow(); // a 12-megapixel photo to make, send and re-encode
    const tag = newTag(testInfo.project.name);
    const name = `Ɗan Jarida ${tag}`;
    const photo = await phonePhoto();
    const original = await sharp(photo.buffer).metadata();
    expect(photo.buffer.length).toBeGreaterThan(3.5 * 1024 * 1024);
    expect(photo.buffer.length).toBeLessThan(5 * 1024 * 1024);
    expect(original.exif, "the fixture carries EXIF (with GPS)").toBeDefined();

    const dialog = await openAddSpeaker(page, name, "Journalist");
    await fileInput(photoField(dialog)).setInputFiles(photo);
    await expect(photoField(dialog).getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
    await dialog.getByRole("button", { name: "Add Speaker" }).click();
    await expect(page.getByText("Speaker added successfully!", { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();

    try {
      const cardImage = listItem(page, tag).locator("img");
      await expect(cardImage).toHaveAttribute("src", MEDIA_SRC);
      const firstUrl = fullImageUrl(await cardImage.getAttribute("src"));

      const stored = await request.get(firstUrl);
      expect(stored.status()).toBe(200);
      expect(stored.headers()["content-type"]).toBe("image/webp");
      const meta = await sharp(await stored.body()).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif, "EXIF (and the GPS position in it) removed").toBeUndefined();
      expect(meta.width).toBeLessThanOrEqual(1600);
      expect(meta.height).toBeLessThanOrEqual(1600);
      expect(meta.width / (meta.height ?? 1)).toBeCloseTo(4 / 3, 1);

      // On the landing page, loaded.
      await page.goto("/");
      const portrait = page.locator("#speakers [data-speaker-type]").filter({ hasText: tag }).getByRole("img", { name });
      await portrait.scrollIntoViewIfNeeded();
      await expect(portrait).toHaveAttribute("src", new RegExp(`^${firstUrl.replace(/\./g, "\\.")}\\?w=\\d+$`));
      await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);

      // Replaced by another photo: the first is deleted at once, resized copies included.
      await openSpeakers(page);
      await page.getByRole("link", { name: `Edit ${name}` }).click();
      const editing = page.getByRole("dialog", { name: "Edit Speaker" });
      await expect(photoField(editing).getByRole("img", { name: "Current image" })).toHaveAttribute("src", `${firstUrl}?w=160`);
      await fileInput(photoField(editing)).setInputFiles(await smallPng("new-portrait.png"));
      await editing.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Speaker updated successfully!", { exact: true })).toBeVisible();
      await expect(cardImage).toHaveAttribute("src", MEDIA_SRC);
      const secondUrl = fullImageUrl(await cardImage.getAttribute("src"));
      expect(secondUrl).not.toBe(firstUrl);
      expect((await request.get(secondUrl)).status()).toBe(200);
      expect((await request.get(firstUrl)).status()).toBe(404);
      expect((await request.get(`${firstUrl}?w=128`)).status()).toBe(404);
    } finally {
      await deleteSpeaker(page, tag);
    }
  },
);
