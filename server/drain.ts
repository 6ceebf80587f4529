import type { Server } from "node:http";

// A container runtime kills a process 10 s after asking it to stop (docker stop, podman stop): the
// requests in flight get 7 s of that, the background work and the database the rest.
const DRAIN_MS = 7_000;

/**
 * Stops taking connections and lets the requests in flight finish: a registration being saved is
 * answered, not cut off. Idle keep-alive connections are closed at once, and each busy one as soon
 * as its response is sent; whatever still runs after `drainMs` is cut.
 */
export async function drain(server: Server, drainMs = DRAIN_MS): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const cut = setTimeout(() => server.closeAllConnections(), drainMs);
  server.closeIdleConnections();
  await closed;
  clearInterval(idle);
  clearTimeout(cut);
}
