import { parentPort, Worker } from "node:worker_threads";
import { move } from "piscina";
import type { PrintImage } from "~/print/image.server";
import { type CertificatePdfInput, renderCertificatePdf } from "./certificate-pdf.server";

// Certificates are drawn on another core. Drawing one is some 3 ms of CPU; with the embedded
// database the outbox shares the event loop that answers requests, so 10,000 of them drawn
// there took the server's one busy core for half a minute on top of rendering and sending the
// e-mails (and with PostgreSQL the outbox's own thread did the same alone). The server starts
// the thread on the first certificate (drawCertificatesInThread names its entry) and lets it go
// after a minute without work; without an entry (tests, scripts) they are drawn in place.

type Job = { id: number; input: CertificatePdfInput };
type Done = { id: number; pdf?: Uint8Array; error?: string };
type Pending = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

const IDLE_MS = 60_000;

let entry: string | undefined;
type Thread = { worker: Worker; pending: Map<number, Pending>; idle?: NodeJS.Timeout };
let current: Thread | undefined;
let nextId = 0;

/** Certificates drawn from now on go to a thread running `file` (a module that calls serveCertificateThread). */
export function drawCertificatesInThread(file: string): void {
  entry = file;
}

function thread(): Thread | undefined {
  if (current || !entry) return current;
  const worker = new Worker(entry);
  const pending = new Map<number, Pending>();
  const state: Thread = { worker, pending };
  const fail = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    if (current === state) current = undefined;
  };
  worker.on("message", ({ id, pdf, error }: Done) => {
    const job = pending.get(id);
    pending.delete(id);
    if (!job) return;
    if (pdf) job.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    else job.reject(new Error(error ?? "the certificate thread drew nothing"));
    if (pending.size === 0) {
      // Idle: the thread (a copy of the server's code and its caches) goes until it is needed again.
      state.idle = setTimeout(() => {
        if (current === state && pending.size === 0) {
          current = undefined;
          void worker.terminate();
        }
      }, IDLE_MS).unref();
    }
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the certificate thread stopped (exit ${code})`)));
  // Waiting jobs keep the process alive through their promises, not through the thread.
  worker.unref();
  current = state;
  return state;
}

/** The certificate's PDF, drawn in the thread when there is one, else here. */
export function drawCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const state = thread();
  if (!state) return renderCertificatePdf(input);
  clearTimeout(state.idle);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    state.pending.set(id, { resolve, reject });
    state.worker.postMessage({ id, input } satisfies Job);
  });
}

/** Stops the thread (the server's shutdown); certificates still waiting fail and the outbox retries them. */
export async function stopCertificateThread(): Promise<void> {
  const state = current;
  current = undefined;
  entry = undefined;
  if (state) await state.worker.terminate();
}

/** Inside the thread (server/certificate-thread.js): draws each certificate it is sent. */
export function serveCertificateThread(): void {
  const port = parentPort;
  if (!port) throw new Error("serveCertificateThread runs in a worker thread");
  port.on("message", async ({ id, input }: Job) => {
    try {
      const pdf = await renderCrossed(input);
      port.postMessage({ id, pdf } satisfies Done, [pdf.buffer]);
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies Done);
    }
  });
}

/**
 * Inside a drawing pool's thread (server/image-thread.js, badges/drawing-pool.server.ts): one
 * certificate the ticket page asked for, handed back without a copy. The pool, not the thread
 * above: a download must not wait behind thousands of e-mails' certificates being sent.
 */
export async function drawCertificateInThread(input: CertificatePdfInput) {
  return move(await renderCrossed(input));
}

/** Draws `input` as it arrives from another thread, into bytes that can be handed back. */
async function renderCrossed(input: CertificatePdfInput): Promise<Uint8Array<ArrayBuffer>> {
  // An image's Buffer crosses as a plain Uint8Array, which pdfkit would not take for an image.
  const buffer = (image: PrintImage | null) =>
    image ? { ...image, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) } : null;
  const drawn = await renderCertificatePdf({ ...input, logo: buffer(input.logo), signature: buffer(input.signature) });
  // Its own copy, handed over without another: a Buffer may be a slice of a shared pool.
  return new Uint8Array(drawn);
}
