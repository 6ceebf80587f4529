import sharp from "sharp";
import { expect, test } from "../support/fixtures";
import {
  deleteSpeaker,
  fileInput,
  fullImageUrl,
  listItem,
  MEDIA_SRC,
  newTag,
  openAddSpeaker,
  photoField,
} from "../support/speaker-uploads";
import { bigPhonePhoto, largeTransparentPng } from "../support/test-images";

// A photo straight from a phone (12 MB, 4000 px) is shrunk in the browser before it is sent
// (app/modules/media/shrink-image.ts, ADR 015): at most 2,000 px, upright by its EXIF
// orientation, a JPEG, or transparent as WebP; the field says by how much. Without JavaScript the
// 5 MB rule refuses it (admin-uploads.spec.ts).

test("with JavaScript, a 12 MB phone photo is shrunk before it is sent, upright, and saved", async ({
  adminPage: page,
  failOnPageErrors: _,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one large upload is enough");
  test.slow(); // a 12-megapixel photo to make, decode in the browser and re-encode
  const tag = newTag(testInfo.project.name);
  const name = `Hauwa Ƙaura ${tag}`;
  const photo = await bigPhonePhoto();
  expect(photo.buffer.length).toBeGreaterThan(12 * 1024 * 1024);

  const dialog = await openAddSpeaker(page, name, "Photographer");
  const photoGroup = photoField(dialog);
  await fileInput(photoGroup).setInputFiles(photo);
  // The organiser is told what happened, and no refusal shows.
  await expect(photoGroup.getByRole("status")).toHaveText(/^Shrunk from 12\.\d MB to \d\.\d MB$/, { timeout: 20_000 });
  await expect(photoGroup.getByRole("alert")).toHaveCount(0);
  await expect(photoGroup.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
  // What the form will post: the shrunk JPEG, 2,000 px on its longest side and turned upright.
  const sent = await fileInput(photoGroup).evaluate(async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return null;
    const bitmap = await createImageBitmap(file);
    return { name: file.name, type: file.type, size: file.size, width: bitmap.width, height: bitmap.height };
  });
  expect(sent).toMatchObject({ name: "IMG_3107.jpg", type: "image/jpeg", width: 1500, height: 2000 });
  expect(sent?.size).toBeLessThanOrEqual(5 * 1024 * 1024);

  await dialog.getByRole("button", { name: "Add Speaker" }).click();
  await expect(page.getByText("Speaker added successfully!", { exact: true })).toBeVisible({ timeout: 20_000 });
  try {
    const cardImage = listItem(page, tag).locator("img");
    await expect(cardImage).toHaveAttribute("src", MEDIA_SRC);
    const stored = await request.get(fullImageUrl(await cardImage.getAttribute("src")));
    expect(stored.status()).toBe(200);
    const meta = await sharp(await stored.body()).metadata();
    expect(meta.format).toBe("webp");
    // Upright: the shrunk file carries no EXIF orientation, so the browser applied it.
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(meta.exif).toBeUndefined();
  } finally {
    await deleteSpeaker(page, tag);
  }
});

test("with JavaScript, a large logo with a transparent background is shrunk and stays transparent", async ({
  adminPage: page,
  failOnPageErrors: _,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one large upload is enough");
  test.slow();
  const tag = newTag(testInfo.project.name);
  const name = `Logo Check ${tag}`;
  const dialog = await openAddSpeaker(page, name, "Designer");
  const photoGroup = photoField(dialog);
  await fileInput(photoGroup).setInputFiles(await largeTransparentPng());
  await expect(photoGroup.getByRole("status")).toHaveText(/^Shrunk from \d+\.\d MB to \d+\.\d MB$/, { timeout: 20_000 });
  const sent = await fileInput(photoGroup).evaluate(async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return null;
    const bitmap = await createImageBitmap(file);
    return { name: file.name, type: file.type, width: bitmap.width, height: bitmap.height };
  });
  // WebP where the browser writes it (Chromium), transparent like the original.
  expect(sent).toMatchObject({ name: "logo-large.webp", type: "image/webp", width: 2000, height: 2000 });

  await dialog.getByRole("button", { name: "Add Speaker" }).click();
  await expect(page.getByText("Speaker added successfully!", { exact: true })).toBeVisible({ timeout: 20_000 });
  try {
    const cardImage = listItem(page, tag).locator("img");
    await expect(cardImage).toHaveAttribute("src", MEDIA_SRC);
    const stored = await sharp(await (await request.get(fullImageUrl(await cardImage.getAttribute("src")))).body())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The corner is still transparent.
    expect(stored.data[3]).toBe(0);
  } finally {
    await deleteSpeaker(page, tag);
  }
});
