import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { waitForInteractive } from "./hydration";
import type { TestFile } from "./test-images";

// The Speakers screen as the upload tests drive it (admin-uploads.spec.ts, admin-upload-shrink.spec.ts):
// its list, its form's fields and photo field, setup and cleanup through its plain posts.

export const newTag = (project: string) => `T${project.slice(0, 1)}${randomBytes(4).toString("hex")}`;
export const MESSAGES = {
  notImage: "Please select an image file",
  tooLarge: "Image size must be less than 5MB",
  wrongType: "Only JPEG, PNG, and WebP images are allowed",
  failed: "Failed to process image",
  unreadable: "This file is not a picture. Please choose a JPEG, PNG or WebP photo.",
  checkFields: "Speaker not saved: please check the fields marked below.",
};
export const MEDIA_SRC = /^\/media\/([0-9a-f]{64})\.webp\?w=\d+$/;

export const listItem = (page: Page, text: string) => page.locator('li[id^="item-"]').filter({ hasText: text });
export const field = (scope: Locator, name: string) => scope.getByRole("textbox", { name, exact: true });
export const photoField = (scope: Locator) => scope.getByRole("group", { name: "Photo" });
export const fileInput = (scope: Locator) => scope.locator('input[type="file"]');

export async function openSpeakers(page: Page) {
  await page.goto("/admin/speakers");
  await expect(page.getByRole("heading", { level: 1, name: "Speakers" })).toBeVisible();
  await waitForInteractive(page);
}

/** Opens the speakers list and its Add form (a dialog), with the name and title filled in. */
export async function openAddSpeaker(page: Page, name: string, title: string): Promise<Locator> {
  await openSpeakers(page);
  await page.getByRole("link", { name: /^Add (Your First )?Speaker$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Speaker" });
  await field(dialog, "Name").fill(name);
  await field(dialog, "Title").fill(title);
  return dialog;
}

/** A speaker through the add form's plain multipart post (setup), with a photo if given. */
export async function createSpeaker(page: Page, name: string, photo?: TestFile) {
  const response = await page.request.post("/admin/speakers/new", {
    multipart: {
      name,
      title: "Youth Ambassador",
      speaker_type: "Speaker",
      bio: "",
      image_url: "",
      ...(photo ? { image_file: photo } : {}),
    },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status(), (await response.text()).slice(0, 300)).toBe(302);
}

/** Deletes our speaker through the list's delete form (cleanup; its photo is released with it). */
export async function deleteSpeaker(page: Page, tag: string) {
  await openSpeakers(page);
  const id = ((await listItem(page, tag).getAttribute("id")) ?? "").replace(/^item-/, "");
  const response = await page.request.post("/admin/speakers", {
    form: { intent: "delete", id },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** The stored image's address without the width: `/media/<sha256>.webp`. */
export function fullImageUrl(src: string | null): string {
  const match = MEDIA_SRC.exec(src ?? "");
  expect(match, `a resized upload, not ${src}`).not.toBeNull();
  return `/media/${match?.[1]}.webp`;
}
