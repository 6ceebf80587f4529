import { data } from "react-router";
import type { DbOrTx } from "~/db/client.server";
import { logger } from "~/logger.server";
import { readOrderChange } from "~/ui/admin/order-undo";
import { makeToast } from "~/ui/toast";
import * as content from "./content.server";
import { CONFIRM_DELETE_PARAM, CONTENT_KINDS, type ContentKind } from "./kinds";

// What a content list page loads: its items in order, and the item named by
// `?delete=<id>` (the delete confirmation without JavaScript). A failed read still
// renders the page, empty, with the product's load-failure toast.

type RowOf = content.ContentRows;

const READERS: {
  [K in ContentKind]: { list(db: DbOrTx): Promise<RowOf[K][]>; find(db: DbOrTx, id: string): Promise<RowOf[K] | undefined> };
} = {
  speaker: { list: content.listSpeakers, find: content.findSpeaker },
  specialGuest: { list: content.listSpecialGuests, find: content.findSpecialGuest },
  agenda: { list: content.listAgenda, find: content.findAgendaItem },
  partner: { list: content.listPartners, find: content.findPartner },
};

export async function contentListPage<K extends ContentKind>(db: DbOrTx, kind: K, url: URL) {
  const reader = READERS[kind];
  const confirmId = url.searchParams.get(CONFIRM_DELETE_PARAM);
  try {
    const [items, confirm] = await Promise.all([reader.list(db), confirmId ? reader.find(db, confirmId) : undefined]);
    return data({ items, confirm: confirm ?? null, toast: null, orderChange: readOrderChange(url) });
  } catch (error) {
    logger().error({ err: error, kind }, "content list failed");
    return data(
      { items: [] as RowOf[K][], confirm: null, toast: makeToast("error", CONTENT_KINDS[kind].loadFailed), orderChange: null },
      { status: 500 },
    );
  }
}
