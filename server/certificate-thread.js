// The thread that draws certificates of attendance (app/modules/certificates/pdf-thread.server.ts):
// runs the drawing from the server bundle that `npm run build` compiled, beside the outbox.
import { readlinkSync } from "node:fs";
import os from "node:os";

// Below the requests, as the outbox's thread: on a small server busy answering people, the
// certificates take the CPU that is left (Linux, where a thread has its own nice value).
try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, Math.max(os.getPriority(tid), 10));
} catch {
  // Elsewhere the thread keeps the process's priority.
}
const { serveCertificateThread } = await import("../build/server/index.js");
serveCertificateThread();
