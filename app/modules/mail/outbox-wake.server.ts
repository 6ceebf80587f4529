import { afterCommit } from "~/db/after-commit.server";
import type { DbOrTx } from "~/db/client.server";

// Waking the outbox's workers: whatever queues a message wakes them once the message can be
// seen, so it leaves now rather than at the next poll, and no caller has to remember to.

/** A worker that notifyOutbox wakes: in this thread (outbox-worker.server.ts) or its proxy in another (outbox-thread.server.ts). */
export type Wakeable = { kick: () => void };

const running = new Set<Wakeable>();

/** Adds a worker to those notifyOutbox wakes; returns its removal. */
export function adoptOutboxWorker(worker: Wakeable): () => void {
  running.add(worker);
  return () => running.delete(worker);
}

/**
 * Wakes the workers of this process now. Outside the outbox only for what queues nothing but
 * makes waiting messages due (the database back after an outage); queuing calls wakeAfterCommit.
 */
export function notifyOutbox(): void {
  for (const worker of running) worker.kick();
}

/**
 * Wakes the workers once what `tx` wrote is committed (after-commit.server.ts), never if it rolls
 * back. A wake-up before the commit would find nothing: the worker would sleep until its next poll
 * (a second) with the message waiting. Every function that puts a message in the outbox, or makes
 * one due again, calls it; a missed wake-up only delays a message to that poll, never loses it.
 */
export function wakeAfterCommit(tx: DbOrTx): void {
  afterCommit(tx, notifyOutbox);
}
