import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { invalidatePublicContent } from "~/cache/public-content-generation";
import type { Db, DbOrTx } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { readUploadForm, resolveImage } from "~/modules/media/upload.server";
import { SHARE_IMAGE_SIZE } from "~/modules/media/upload-rules";
import { makeToast } from "~/ui/toast";
import { redirectWithToast } from "~/ui/toast.server";
import { type KeepsItsDate, saveSettings } from "./save-settings.server";
import { capacityBelowRegistered, editionConcludedMessage, SETTINGS_TOASTS, settingsSchema } from "./schemas";

const IMAGES = [
  { file: "logo_file", url: "logo_url" },
  { file: "guest_of_honor_file", url: "guest_of_honor_image_url" },
  // The organisers' own picture for shared links, cropped to the size every network shows whole.
  { file: "share_image_file", url: "share_image_url", fit: SHARE_IMAGE_SIZE },
  // Printed above the certificates' signature line at its own proportions: never cropped.
  { file: "certificate_signature_file", url: "certificate_signature_url" },
] as const;

/** 'Save Event Settings': a redirect back with the saved toast, or the form with its errors and what was typed. */
/**
 * The route wires in what other domains decide, so settings import none of them: `keepsItsDate`,
 * the editions' rule that a concluded edition with people keeps its date; `afterSave`, run inside
 * the save's transaction, saying whether it queued mail (the waitlist's offers for seats a raised
 * capacity or reopened registration frees).
 */
export async function settingsAction(
  db: Db,
  actor: AuditActor,
  request: Request,
  back: string,
  { keepsItsDate, afterSave }: { keepsItsDate: KeepsItsDate; afterSave?: (tx: DbOrTx) => Promise<readonly unknown[]> },
) {
  const upload = await readUploadForm(request);
  const { formData } = upload;
  // The images are settled first so the form comes back showing them whatever else needs fixing.
  const imageErrors: Record<string, string[]> = {};
  for (const names of IMAGES) {
    const image = await resolveImage(db, upload, names);
    if ("error" in image) imageErrors[names.url] = [image.error];
    else formData.set(names.url, image.url);
  }
  const submission = parseWithZod(formData, { schema: settingsSchema });
  const fail = (fieldErrors: Record<string, string[]>, status = 400) =>
    data(
      {
        result: submission.reply({
          fieldErrors: { ...(submission.status === "error" ? submission.error : {}), ...fieldErrors } as Record<string, string[]>,
        }),
        toast: makeToast("error", SETTINGS_TOASTS.saveFailed, 4000),
      },
      { status },
    );
  if (submission.status !== "success" || Object.keys(imageErrors).length > 0) return fail(imageErrors);
  try {
    const confirmed = formData.get("confirmed");
    const saved = await saveSettings(db, actor, submission.value, {
      keepsItsDate,
      // What it queues (the waitlist's offers) wakes the outbox once the save commits.
      afterSave: async (tx) => {
        await afterSave?.(tx);
      },
      confirmed: typeof confirmed === "string" ? confirmed : null,
    });
    if (!saved.ok && saved.reason === "confirm") {
      // Nothing saved: the form comes back as typed, with the question and "Yes, save …".
      return data({
        result: submission.reply(),
        confirm: { message: saved.message, fingerprint: saved.fingerprint, eventDate: submission.value.event_date },
        toast: makeToast("info", SETTINGS_TOASTS.confirm, 6000),
      });
    }
    if (!saved.ok) {
      const [field, message] =
        saved.reason === "capacity"
          ? (["max_attendees", capacityBelowRegistered(saved.registered)] as const)
          : (["event_date", editionConcludedMessage(saved.edition, saved.eventDate)] as const);
      return data(
        { result: submission.reply({ fieldErrors: { [field]: [message] } }), toast: makeToast("error", message, 6000) },
        { status: 409 },
      );
    }
  } catch (error) {
    logger().error({ err: error }, "settings save failed");
    return data(
      {
        result: submission.reply({ formErrors: [SETTINGS_TOASTS.saveFailed] }),
        toast: makeToast("error", SETTINGS_TOASTS.saveFailed, 4000),
      },
      { status: 500 },
    );
  }
  invalidatePublicContent();
  return redirectWithToast(back, "success", SETTINGS_TOASTS.saved, { duration: 4000 });
}
