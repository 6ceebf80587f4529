import { parentPort, Worker } from "node:worker_threads";
import { adoptOutboxWorker, notifyOutbox } from "./outbox-wake.server";
import type { OutboxWorker } from "./outbox-worker.server";
import type { MailLog } from "./transport.server";

// The outbox worker in a thread of its own, beside the event loop that answers requests.
// Rendering and sending a ticket (QR code, calendar file, MIME, SMTP; an SMS's request to the
// gateway) is several milliseconds of CPU per person. In the server's event loop it either
// slowed a registration rush's answers or, giving way to them, left the rush's tickets waiting
// until the rush was over. In a thread it runs on another core while requests are answered.
// Only with PostgreSQL: the embedded database lives in the server's own thread, and the
// thread needs a connection of its own.

type ToThread = "kick" | "stop";

/** How long a stopping thread may take to finish the round it is sending. */
const STOP_WAIT_MS = 15_000;
const RESTART_DELAY_MS = 1_000;

/**
 * Starts the outbox worker in a thread running `entry` (a module that calls runOutboxThread),
 * and replaces it if it dies. notifyOutbox() in this thread wakes it; stop() lets its round end.
 */
export function startOutboxThread(entry: string, log: MailLog): OutboxWorker {
  let thread: Worker | undefined;
  let stopping = false;
  const start = () => {
    const current = new Worker(entry);
    thread = current;
    current.on("error", (error) => log.error({ err: error }, "mail outbox thread failed"));
    current.on("exit", (code) => {
      if (stopping || thread !== current) return;
      log.error({ code }, "mail outbox thread stopped; starting another");
      setTimeout(() => {
        if (!stopping) start();
      }, RESTART_DELAY_MS).unref();
    });
  };
  start();
  const send = (message: ToThread) => thread?.postMessage(message);
  const worker: OutboxWorker = {
    kick: () => send("kick"),
    stop: async () => {
      stopping = true;
      release();
      const current = thread;
      if (!current) return;
      const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
      current.postMessage("stop" satisfies ToThread);
      const timer = setTimeout(() => void current.terminate(), STOP_WAIT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
  const release = adoptOutboxWorker(worker);
  return worker;
}

/**
 * Inside the thread: runs `worker` until the server asks it to stop, then `close` (the thread's
 * transports and database connection). The server's wake-ups reach this thread's workers.
 */
export function serveOutboxThread(worker: OutboxWorker, close: () => Promise<void>): void {
  const port = parentPort;
  if (!port) throw new Error("serveOutboxThread runs only in a worker thread");
  port.on("message", (message: ToThread) => {
    if (message === "kick") notifyOutbox();
    if (message === "stop") {
      port.close();
      // The thread ends here, without waiting for idle keep-alive connections to time out.
      void worker
        .stop()
        .then(close)
        .finally(() => process.exit(0));
    }
  });
}
