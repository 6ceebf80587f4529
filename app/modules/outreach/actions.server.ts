import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { redirectWithToast } from "~/ui/toast.server";
import { createSourceSchema, OUTREACH_MESSAGES as M } from "./schemas";
import { createSource, deleteSource, setArchived, sourceById } from "./sources.server";

// What the Outreach page posts: create a source (the form), archive, restore or delete one (a
// button, archive and delete after a confirmation). Each answers with a redirect back to the
// page as it was sorted (`here`) and a toast, so it works the same without JavaScript; an
// invalid or taken name comes back with what was typed.

export async function outreachAction(db: Db, admin: AuditActor, form: FormData, here: string) {
  const intent = form.get("intent");
  if (intent === "create") return create(db, admin, form, here);
  const id = Number(form.get("id"));
  const source = Number.isSafeInteger(id) ? await sourceById(db, id) : undefined;
  if (!source) return redirectWithToast(here, "error", M.missing);
  try {
    if (intent === "archive" || intent === "restore") {
      await setArchived(db, admin, source.id, intent === "archive");
      return redirectWithToast(here, "success", intent === "archive" ? M.archived(source.name) : M.restored(source.name));
    }
    if (intent === "delete") {
      const outcome = await deleteSource(db, admin, source.id);
      if (outcome === "has-registrations") return redirectWithToast(here, "error", M.hasRegistrations);
      return redirectWithToast(
        here,
        outcome === "deleted" ? "success" : "error",
        outcome === "deleted" ? M.deleted(source.name) : M.missing,
      );
    }
  } catch (error) {
    logger().error({ err: error, intent }, "an outreach source could not be changed");
    return redirectWithToast(here, "error", M.failed);
  }
  throw data("Bad Request", { status: 400 });
}

async function create(db: Db, admin: AuditActor, form: FormData, here: string) {
  const submission = parseWithZod(form, { schema: createSourceSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const created = await createSource(db, admin, submission.value.name);
    if (!created.ok) return data({ result: submission.reply({ fieldErrors: { name: [M.duplicateName] } }) }, { status: 409 });
    return redirectWithToast(here, "success", M.created(created.source.name), { duration: 8000 });
  } catch (error) {
    logger().error({ err: error }, "an outreach source could not be created");
    return data({ result: submission.reply({ formErrors: [M.failed] }) }, { status: 500 });
  }
}
