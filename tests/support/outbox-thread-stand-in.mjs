// A stand-in for server/outbox-thread.js in app/modules/mail/outbox-thread.server.test.ts: a
// thread that writes what it is told to OUTBOX_STAND_IN_FILE, one word a line. With
// OUTBOX_STAND_IN_CRASH_FIRST, the first thread dies as soon as it starts (its line "crash").
import { appendFileSync, readFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";

const file = process.env.OUTBOX_STAND_IN_FILE;
const note = (word) => appendFileSync(file, `${word}\n`);
const earlier = readFileSync(file, "utf8");
if (process.env.OUTBOX_STAND_IN_CRASH_FIRST && !earlier.includes("crash")) {
  note("crash");
  process.exit(1);
}
note("start");
parentPort.on("message", (message) => {
  note(message);
  if (message === "stop") process.exit(0);
});
