import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { invalidatePublicContent } from "~/cache/public-content-generation";
import type { Db, DbOrTx } from "~/db/client.server";
import { agenda, partners, speakers, special_guests } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { logger } from "~/logger.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { readUploadForm, releaseImages, resolveImage } from "~/modules/media/upload.server";
import { RESTORED_PARAM, undoQuery } from "~/ui/admin/order-undo";
import { makeToast } from "~/ui/toast";
import { redirectWithToast } from "~/ui/toast.server";
import { orderByTime } from "./agenda-order";
import * as content from "./content.server";
import { CONTENT_KINDS, type ContentKind, contentToasts } from "./kinds";
import { moveItem, type OrderedTable, reorderWith } from "./ordering.server";
import { agendaItemSchema, contentListFormSchema, partnerSchema, speakerSchema, specialGuestSchema } from "./schemas";

// The content screens' writes: add and edit (one form per kind, uploads included),
// delete, move up/down and drag-and-drop reorder. Each is one transaction with its
// audit entry; the landing page's cache is dropped after it commits.

type Row = { id: string };
type Store<S extends z.ZodType, R extends Row> = {
  kind: ContentKind;
  table: OrderedTable;
  schema: S;
  /** the upload and the column it fills */
  image?: { file: string; url: string; column: (row: R) => string };
  find(db: DbOrTx, id: string): Promise<R | undefined>;
  create(db: DbOrTx, input: z.output<S>): Promise<R>;
  update(db: DbOrTx, id: string, input: z.output<S>): Promise<R | undefined>;
  remove(db: DbOrTx, id: string): Promise<R | undefined>;
  name(row: R): string;
};

const STORES = {
  speaker: {
    kind: "speaker",
    table: speakers,
    schema: speakerSchema,
    image: { file: "image_file", url: "image_url", column: (row) => row.image_url },
    find: content.findSpeaker,
    create: content.createSpeaker,
    update: content.updateSpeaker,
    remove: content.deleteSpeaker,
    name: (row) => row.name,
  } satisfies Store<typeof speakerSchema, content.SpeakerRecord>,
  specialGuest: {
    kind: "specialGuest",
    table: special_guests,
    schema: specialGuestSchema,
    image: { file: "image_file", url: "image_url", column: (row) => row.image_url },
    find: content.findSpecialGuest,
    create: content.createSpecialGuest,
    update: content.updateSpecialGuest,
    remove: content.deleteSpecialGuest,
    name: (row) => row.name,
  } satisfies Store<typeof specialGuestSchema, content.SpecialGuestRecord>,
  agenda: {
    kind: "agenda",
    table: agenda,
    schema: agendaItemSchema,
    find: content.findAgendaItem,
    create: content.createAgendaItem,
    update: content.updateAgendaItem,
    remove: content.deleteAgendaItem,
    name: (row) => row.title,
  } satisfies Store<typeof agendaItemSchema, typeof agenda.$inferSelect>,
  partner: {
    kind: "partner",
    table: partners,
    schema: partnerSchema,
    // The logo stays optional although the product labels it required: the landing page
    // shows the partner's initials without one, and partners often send logos late.
    image: { file: "logo_file", url: "logo_url", column: (row) => row.logo_url },
    find: content.findPartner,
    create: content.createPartner,
    update: content.updatePartner,
    remove: content.deletePartner,
    name: (row) => row.name,
  } satisfies Store<typeof partnerSchema, content.Partner>,
};

const AUDIT_ENTITY: Record<ContentKind, string> = {
  speaker: "speaker",
  specialGuest: "special_guest",
  agenda: "agenda_item",
  partner: "partner",
};

const isForeignKeyViolation = (error: unknown) =>
  (error as { cause?: { code?: string } })?.cause?.code === "23503" || (error as { code?: string })?.code === "23503";

/** Add (id null) or edit one item from its form; a redirect to the list, or the form's errors. */
export function saveContent(db: Db, actor: AuditActor, kind: ContentKind, request: Request, id: string | null) {
  switch (kind) {
    case "speaker":
      return saveWith(STORES.speaker, db, actor, request, id);
    case "specialGuest":
      return saveWith(STORES.specialGuest, db, actor, request, id);
    case "agenda":
      return saveWith(STORES.agenda, db, actor, request, id);
    case "partner":
      return saveWith(STORES.partner, db, actor, request, id);
  }
}

async function saveWith<S extends z.ZodType, R extends Row>(
  store: Store<S, R>,
  db: Db,
  actor: AuditActor,
  request: Request,
  id: string | null,
) {
  const toasts = contentToasts(store.kind);
  const { path } = CONTENT_KINDS[store.kind];
  const upload = await readUploadForm(request);
  const { formData } = upload;
  // The picture is settled first, so the form comes back showing it even when another
  // field needs fixing (an upload that is never saved is removed by the media sweep).
  let imageError: string | undefined;
  if (store.image) {
    const image = await resolveImage(db, upload, store.image);
    if ("error" in image) imageError = image.error;
    else formData.set(store.image.url, image.url);
  }
  const submission = parseWithZod(formData, { schema: store.schema });
  if (submission.status !== "success" || imageError) {
    const fieldErrors = {
      ...(submission.status === "error" ? submission.error : {}),
      ...(imageError && store.image ? { [store.image.url]: [imageError] } : {}),
    };
    const result = submission.reply({ fieldErrors: fieldErrors as Record<string, string[]> });
    return data({ result, toast: makeToast("error", toasts.checkFields) }, { status: 400 });
  }
  const input = submission.value as z.output<S>;
  try {
    const saved = await db.transaction(async (tx) => {
      if (id === null) {
        const row = await store.create(tx, input);
        await recordAudit(tx, actor, { action: `${AUDIT_ENTITY[store.kind]}.create`, entity: AUDIT_ENTITY[store.kind], entityId: row.id });
        return row;
      }
      const before = await store.find(tx, id);
      if (!before) return undefined;
      const row = await store.update(tx, id, input);
      if (!row) return undefined;
      if (store.image) await releaseImages(tx, [store.image.column(before)]);
      await recordAudit(tx, actor, { action: `${AUDIT_ENTITY[store.kind]}.update`, entity: AUDIT_ENTITY[store.kind], entityId: id });
      return row;
    });
    if (!saved) return redirectWithToast(path, "error", toasts.notFound);
    invalidatePublicContent();
    return redirectWithToast(path, "success", id === null ? toasts.added : toasts.updated);
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      // The chosen speaker was deleted while the form was open.
      const result = submission.reply({ fieldErrors: { speaker_id: ["Please choose a speaker from the list"] } });
      return data({ result, toast: makeToast("error", toasts.checkFields) }, { status: 400 });
    }
    logger().error({ err: error, kind: store.kind, id }, "content save failed");
    return data(
      { result: submission.reply({ formErrors: [toasts.saveFailed] }), toast: makeToast("error", toasts.saveFailed) },
      { status: 500 },
    );
  }
}

type RowOf = content.ContentRows;

/** The item a form edits, or a 404 the page shows as "not found". */
export async function contentToEdit<K extends ContentKind>(db: Db, kind: K, id: string): Promise<RowOf[K]> {
  const row = (await STORES[kind].find(db, id)) as RowOf[K] | undefined;
  if (!row) throw data(contentToasts(kind).notFound, { status: 404 });
  return row;
}

/**
 * Delete, Move up / Move down (plain forms, so they work without JavaScript) and reorder
 * (the drag-and-drop list's fetcher). `back` is the list page the form came from.
 */
export async function contentListAction(db: Db, actor: AuditActor, kind: ContentKind, formData: FormData, back: string) {
  const store = STORES[kind];
  const toasts = contentToasts(kind);
  const parsed = contentListFormSchema.safeParse({
    intent: formData.get("intent"),
    id: formData.get("id"),
    direction: formData.get("direction"),
    ids: formData.getAll("ids"),
  });
  if (!parsed.success) throw data("Unknown action", { status: 400 });
  const form = parsed.data;
  // Only the agenda has times to sort by.
  if (form.intent === "sort-time" && kind !== "agenda") throw data("Unknown action", { status: 400 });
  const entity = AUDIT_ENTITY[kind];
  try {
    if (form.intent === "delete") {
      const deleted = await db.transaction(async (tx) => {
        const row = await store.remove(tx, form.id);
        if (!row) return undefined;
        if ("image" in store) await releaseImages(tx, [store.image.column(row as never)]);
        await recordAudit(tx, actor, { action: `${entity}.delete`, entity, entityId: row.id, details: { name: store.name(row as never) } });
        return row;
      });
      if (!deleted) return redirectWithToast(back, "error", toasts.notFound);
      invalidatePublicContent();
      return redirectWithToast(back, "success", toasts.deleted);
    }
    if (form.intent === "move") {
      const previous = await db.transaction(async (tx) => {
        const before = await moveItem(tx, store.table, form.id, form.direction);
        if (before)
          await recordAudit(tx, actor, { action: `${entity}.move`, entity, entityId: form.id, details: { direction: form.direction } });
        return before;
      });
      if (!previous) return redirectWithToast(back, "error", toasts.notFound);
      invalidatePublicContent();
      // Back to the moved item, which the page scrolls to, saying "Saved · Undo".
      return redirect(`${back}?${undoQuery(previous)}#item-${form.id}`);
    }
    if (form.intent === "sort-time") {
      const times = new Map((await content.listAgenda(db)).map((row) => [row.id, row.time]));
      const { previous } = await db.transaction(async (tx) => {
        const result = await reorderWith(tx, store.table, (current) =>
          orderByTime(current.map((id) => ({ id, time: times.get(id) ?? "" }))).map((item) => item.id),
        );
        await recordAudit(tx, actor, { action: `${entity}.sort`, entity, details: { by: "time", count: result.ids.length } });
        return result;
      });
      invalidatePublicContent();
      return redirect(`${back}?${undoQuery(previous)}`);
    }
    const { previous, ids: order } = await db.transaction(async (tx) => {
      const result = await reorderWith(tx, store.table, () => form.ids.filter(isUuid));
      const action = form.intent === "restore" ? `${entity}.undo` : `${entity}.reorder`;
      await recordAudit(tx, actor, { action, entity, details: { count: result.ids.length } });
      return result;
    });
    invalidatePublicContent();
    // Undo is a plain form (it works without JavaScript): back to the page, which says so.
    if (form.intent === "restore") return redirect(`${back}?${RESTORED_PARAM}=1`);
    return data({ ok: true as const, order, previous });
  } catch (error) {
    logger().error({ err: error, kind, intent: form.intent }, "content list action failed");
    const message = form.intent === "delete" ? toasts.deleteFailed : toasts.reorderFailed;
    if (form.intent === "reorder") return data({ ok: false as const, toast: makeToast("error", message) }, { status: 500 });
    // Undo or Sort by time that failed: the page as it is, with the reason.
    return redirectWithToast(back, "error", message);
  }
}
