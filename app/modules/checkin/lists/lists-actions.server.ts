import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { redirectWithToast } from "~/ui/toast.server";
import { createCheckInList, deleteCheckInList, findCheckInList, setCheckInListArchived, updateCheckInList } from "./lists.server";
import { checkInListSchema } from "./schemas";

// What Event Operations' "Check-in lists" panel posts: add or edit a list (the form; refused,
// it comes back with what was typed), put one away or bring it back, delete one that never gave
// anything. Each answers with a redirect back and a toast, so it works without JavaScript.

const INTENTS = ["list-create", "list-update", "list-archive", "list-restore", "list-delete"] as const;
type ListIntent = (typeof INTENTS)[number];

export function isListIntent(intent: unknown): intent is ListIntent {
  return INTENTS.includes(intent as ListIntent);
}

const LIST_TOASTS = {
  created: (name: string) => `“${name}” added: the door can choose it now.`,
  saved: (name: string) => `“${name}” saved.`,
  archived: (name: string) => `“${name}” put away: the door no longer offers it. What it gave is kept.`,
  restored: (name: string) => `“${name}” is back at the door.`,
  deleted: (name: string) => `“${name}” deleted.`,
  hasGiven: "This list has given things, so it can only be put away: its record stays.",
  givenMore: (given: number, today: boolean) =>
    `This list has already given ${given.toLocaleString("en-US")}${today ? " today" : ""}: the quantity cannot be less.`,
  missing: "This list does not exist any more.",
  failed: "Sorry, that did not work. Please try again.",
} as const;

/** The panel's form's answer: its errors with what was typed, and which list it was editing. */
type ListFormReply = { listForm: SubmissionResult<string[]>; listId: string | null };

export async function checkInListsAction(db: Db, actor: AuditActor, form: FormData, back: string) {
  const intent = form.get("intent");
  if (intent === "list-create" || intent === "list-update") return save(db, actor, form, back, intent);
  const id = String(form.get("id") ?? "");
  const list = await findCheckInList(db, id);
  if (!list) return redirectWithToast(back, "error", LIST_TOASTS.missing);
  try {
    if (intent === "list-archive" || intent === "list-restore") {
      await setCheckInListArchived(db, actor, list.id, intent === "list-archive");
      return redirectWithToast(
        back,
        "success",
        intent === "list-archive" ? LIST_TOASTS.archived(list.name) : LIST_TOASTS.restored(list.name),
      );
    }
    if (intent === "list-delete") {
      const outcome = await deleteCheckInList(db, actor, list.id);
      if (outcome === "has-given") return redirectWithToast(back, "error", LIST_TOASTS.hasGiven);
      return redirectWithToast(
        back,
        outcome === "deleted" ? "success" : "error",
        outcome === "deleted" ? LIST_TOASTS.deleted(list.name) : LIST_TOASTS.missing,
      );
    }
  } catch (error) {
    logger().error({ err: error, intent }, "a check-in list could not be changed");
    return redirectWithToast(back, "error", LIST_TOASTS.failed);
  }
  throw data("Unknown action", { status: 400 });
}

async function save(db: Db, actor: AuditActor, form: FormData, back: string, intent: "list-create" | "list-update") {
  const submission = parseWithZod(form, { schema: checkInListSchema });
  const listId = intent === "list-update" ? String(form.get("id") ?? "") : null;
  const reply = (options?: Parameters<typeof submission.reply>[0]): ListFormReply => ({ listForm: submission.reply(options), listId });
  if (submission.status !== "success") return data(reply(), { status: 400 });
  try {
    if (listId === null) {
      const list = await createCheckInList(db, actor, submission.value);
      return redirectWithToast(back, "success", LIST_TOASTS.created(list.name));
    }
    const saved = await updateCheckInList(db, actor, listId, submission.value);
    if (saved.status === "missing") return redirectWithToast(back, "error", LIST_TOASTS.missing);
    if (saved.status === "given-more")
      return data(reply({ fieldErrors: { quantity: [LIST_TOASTS.givenMore(saved.given, saved.today)] } }), { status: 409 });
    return redirectWithToast(back, "success", LIST_TOASTS.saved(saved.list.name));
  } catch (error) {
    logger().error({ err: error }, "a check-in list could not be saved");
    return data(reply({ formErrors: [LIST_TOASTS.failed] }), { status: 500 });
  }
}
