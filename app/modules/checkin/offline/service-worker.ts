/// <reference lib="webworker" />
import { deleteList } from "./door-store";
import { sendQueued } from "./door-sync";

// The door's service worker (served as /door-sw.js, scoped to /admin/check-in). It keeps the
// door's page and the files that page runs on, so the page opens with the network cut, even
// after a reload, and it sends queued check-ins by Background Sync. Nothing else: it never
// stores another admin page, the list (IndexedDB holds that) or any answer with personal data
// beyond the door page itself. Built by scripts/build-door-worker.mjs; DOOR_VERSION changes with
// every build, so a new deploy installs a new worker, which takes over at once: the queue lives
// in IndexedDB, not in the worker, so nothing queued is stranded, and the new worker sends it.

declare const self: ServiceWorkerGlobalScope;
declare const DOOR_VERSION: string;

const CACHE = `door-${DOOR_VERSION}`;
const PAGE = "/admin/check-in";
const STATIC = ["/door.webmanifest", "/door-icon-192.png", "/door-icon-512.png", "/door-icon-maskable-512.png", "/favicon.svg"];
const NETWORK_WAIT_MS = 4000;

/** The page's own files, as its HTML names them (scripts, module preloads, styles). */
function assetsIn(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"?#]+)"/g)].map((m) => m[1] ?? ""))].filter(Boolean);
}

async function keepPage(cache: Cache, response: Response) {
  const html = await response.clone().text();
  await cache.put(PAGE, response);
  // Files are named by their content: one already kept never changes, and is not asked for again
  // on every visit to the door (on a phone paying for each megabyte).
  const files = assetsIn(html).filter((url) => url.endsWith(".js") || url.endsWith(".css"));
  const missing: string[] = [];
  for (const url of files) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(STATIC);
      try {
        const response = await fetch(PAGE, { credentials: "same-origin", redirect: "manual" });
        if (response.ok && (response.headers.get("Content-Type") ?? "").includes("text/html")) await keepPage(cache, response);
      } catch {
        // Offline while installing: the page is kept on its next visit.
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("door-") && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
      // Whatever an older page queued goes now, if the network is there.
      await sendQueued().catch(() => undefined);
    })(),
  );
});

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("network too slow")), ms));
}

async function pageRequest(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const network = fetch(request);
  // Answered from the copy while the network is still on its way: its later failure is no one's.
  network.catch(() => undefined);
  try {
    const response = await Promise.race([network, timeout(NETWORK_WAIT_MS)]);
    const url = new URL(response.url || request.url);
    if (response.type === "opaqueredirect" || (response.redirected && url.pathname.startsWith("/admin/login"))) {
      // Sent to sign in: the session has ended, and the device's copy of the list goes with it.
      await cache.delete(PAGE);
      await deleteList().catch(() => undefined);
    } else if (
      response.ok &&
      url.pathname === PAGE &&
      url.search === "" &&
      (response.headers.get("Content-Type") ?? "").includes("text/html")
    ) {
      await keepPage(cache, response.clone()).catch(() => undefined);
    }
    return response;
  } catch (error) {
    // This version's copy, or (while a new deploy's worker takes over and clears the old caches)
    // the copy another version kept; with none, the network's answer however late it comes,
    // rather than the browser's "no connection" page for a door that is online but slow.
    const kept = (await cache.match(PAGE)) ?? (await caches.match(PAGE));
    if (kept) return kept;
    return network.catch(() => Promise.reject(error));
  }
}

async function fileRequest(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === PAGE) event.respondWith(pageRequest(request));
  else if (url.pathname.startsWith("/assets/") || STATIC.includes(url.pathname)) event.respondWith(fileRequest(request));
  // Anything else (the list, the sync, .data answers, other admin pages) goes to the network untouched.
});

self.addEventListener("sync", (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== "door-checkins") return;
  sync.waitUntil(
    sendQueued().then((run) => {
      // Not sent: the browser tries again later.
      if (run.state === "offline" || run.state === "failed") throw new Error(`door sync: ${run.state}`);
    }),
  );
});

self.addEventListener("message", (event) => {
  // The page names the chunks it loaded later (the camera's QR reader): kept for offline.
  const urls = (event.data as { keep?: unknown } | null)?.keep;
  if (Array.isArray(urls)) {
    event.waitUntil(
      caches.open(CACHE).then((cache) => cache.addAll(urls.filter((u): u is string => typeof u === "string" && u.startsWith("/assets/")))),
    );
  }
});
