import { getDb } from "~/db/db.server";
import { readImage } from "~/modules/media/media.server";
import { MEDIA_WIDTHS } from "~/modules/media/media-url";
import type { Route } from "./+types/media";

// GET /media/<sha256>.webp[?w=320]: content-addressed, so cacheable forever.
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = params.file.replace(/\.webp$/, "");
  const w = Number(new URL(request.url).searchParams.get("w") ?? 0);
  if (w && !(MEDIA_WIDTHS as readonly number[]).includes(w)) return new Response("Unsupported width", { status: 400 });
  const bytes = await readImage(await getDb(), id, w || undefined);
  if (!bytes) return new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Length": String(bytes.length),
    },
  });
}
