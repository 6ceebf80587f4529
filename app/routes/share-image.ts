import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { isLanguage } from "~/i18n/languages";
import { requestSettings } from "~/modules/settings/request-settings.server";
import { parseShareImageName, shareImageBytes, shareImageSpec, shareImageType } from "~/modules/share/share-image.server";
import type { Route } from "./+types/share-image";

/**
 * GET /share/<lang>-<hash>.png (or .jpg): the picture a shared link shows, named by a hash of
 * what it shows, so the current one is cached for good. An address of older settings (a
 * crawler that cached the page) gets today's picture for a short while instead of nothing.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const asked = parseShareImageName(params.file);
  if (!asked || !isLanguage(asked.language)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const db = await getDb();
  const spec = shareImageSpec(await requestSettings(context, db), asked.language, getConfig().publicUrl);
  const current = asked.key === spec.key && asked.format === spec.format;
  const headers = {
    "Content-Type": shareImageType(spec.format),
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    ETag: `"${spec.key}"`,
  };
  const known = (request.headers.get("If-None-Match") ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (known.includes(headers.ETag) || known.includes("*")) return new Response(null, { status: 304, headers });
  const bytes = await shareImageBytes(db, spec);
  return new Response(new Uint8Array(bytes), { headers: { ...headers, "Content-Length": String(bytes.length) } });
}
