import type { DbOrTx } from "~/db/client.server";
import { type EventSettings, getSettings } from "./settings.server";

// A page's loaders, the root's and the page's own, both need the settings row: within one
// request it is read once. The key is the request's load context, which the server creates
// for each request and hands to every loader of it. For loaders only: they run after the
// request's action, so they see what it changed; an action reads settings itself.
const perRequest = new WeakMap<object, Promise<EventSettings>>();

export function requestSettings(context: object, db: DbOrTx): Promise<EventSettings> {
  let settings = perRequest.get(context);
  if (!settings) {
    settings = getSettings(db);
    perRequest.set(context, settings);
    // A failed read is not kept: the next loader tries again (and shows its own error).
    settings.catch(() => perRequest.delete(context));
  }
  return settings;
}
