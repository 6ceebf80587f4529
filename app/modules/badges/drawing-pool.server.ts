import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { move, Piscina } from "piscina";
import { type TicketImageFacts, type TicketImageLabels, ticketPng } from "./ticket-image.server";

// Pictures drawn per person on request (the saved ticket, the ticket page's certificate) are
// drawn in a small pool of threads (piscina), not on the event loop that answers requests.
// Drawing a ticket costs about a quarter of a second of CPU: its layout (the fitted lines' glyph
// outlines) ran on the event loop, and twelve asked for at once kept /register waiting seconds.
// In the pool:
// - the threads run below the requests' priority (niceIncrement, Linux's per-thread nice value),
//   so when the cores are all busy, pages go first and pictures take what is left;
// - at most half the cores draw (one on a 2-core server), so a flood of pictures never takes
//   the whole machine, however many are asked for;
// - the queue is bounded: past it a picture is refused at once (DrawingQueueFull) instead of
//   waiting minutes with its request held open.
// The server names the threads' entry at start (server/image-thread.js, which loads the server
// bundle and exports each PoolTask by name); until then (scripts, most tests) each is
// drawn in place, as before.

/** What the threads do: the entry's named exports, each taking its input and handing back the bytes. */
type PoolTask = "drawTicketInThread" | "drawCertificateInThread";

export type TicketDrawing = { facts: TicketImageFacts; labels: TicketImageLabels };

/**
 * Pictures waiting for a thread beyond this are refused: a few seconds of drawing for one thread.
 * (app/limits/drawn-once.server.ts lets fewer requests wait in the first place; this holds for any caller.)
 */
const MAX_QUEUE = 16;
/** An idle thread goes after a minute; a rush keeps it, a quiet site frees its memory. */
const IDLE_MS = 60_000;
/** Below the requests (0), above nothing else: the mail outbox's and certificates' threads run at 10 too. */
const NICE_INCREMENT = 10;

/** The pool refuses a picture: too many are waiting already. */
export class DrawingQueueFull extends Error {}

let pool: Piscina<unknown, Uint8Array> | undefined;

/**
 * Pictures drawn from now on go to threads running `entry`, a module exporting each PoolTask
 * (server/image-thread.js). `execArgv`: the threads' Node options.
 */
export function drawPicturesInThreads(entry: string, { execArgv }: { execArgv?: string[] } = {}): void {
  const old = pool;
  pool = new Piscina({
    filename: pathToFileURL(entry).href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
    maxQueue: MAX_QUEUE,
    idleTimeout: IDLE_MS,
    niceIncrement: NICE_INCREMENT,
    ...(execArgv ? { execArgv } : {}),
  });
  void old?.close();
}

/** `input` drawn by `task` in the pool when there is one, else here by `inPlace`. */
export async function drawInPool<Input>(task: PoolTask, input: Input, inPlace: (input: Input) => Promise<Buffer>): Promise<Buffer> {
  const current = pool;
  if (!current) return inPlace(input);
  if (current.queueSize >= MAX_QUEUE) throw new DrawingQueueFull("the drawing queue is full");
  const drawn = await current.run(input, { name: task });
  return Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength);
}

/** The saved ticket's PNG, drawn in the pool when there is one, else here. */
export function drawTicketPng(facts: TicketImageFacts, labels: TicketImageLabels): Promise<Buffer> {
  return drawInPool<TicketDrawing>("drawTicketInThread", { facts, labels }, (drawing) => ticketPng(drawing.facts, drawing.labels));
}

/** Stops the threads (the server's shutdown); pictures still being drawn are finished first. */
export async function stopPictureThreads(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}

/** Inside a thread (server/image-thread.js's task of that name): draws one ticket, handed back without a copy. */
export async function drawTicketInThread({ facts, labels }: TicketDrawing) {
  // Its own copy: a Buffer may be a slice of a shared pool, which cannot be handed over.
  return move(new Uint8Array(await ticketPng(facts, labels)));
}
