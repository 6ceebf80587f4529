// The mail outbox's thread (PostgreSQL only): runs the worker from the server bundle that
// `npm run build` compiled, beside the server's own event loop (server/outbox.server.ts).
const { runOutboxThread } = await import("../build/server/index.js");
await runOutboxThread();
