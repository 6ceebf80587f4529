import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { isAdminPath } from "./admin-path";
import { sendUnavailable } from "./unavailable-page";

// When more requests arrive than the server can answer in time, answering all of them
// makes everyone wait minutes and many give up mid-registration. Instead a fixed number
// of requests run at once; a few more wait their turn briefly; the rest are answered at
// once with 503, Retry-After and a friendly page (server/unavailable-page.ts) that keeps
// a posted form. A refusal costs a fraction of a millisecond, so the requests let in
// still get the whole machine and answer in well under a second.
//
// The wait is counted from when this middleware first sees the request, but a busy event
// loop has already kept it waiting before that (reading the socket, parsing). The loop's
// recent lag is taken off the allowed wait, so an answer stays on time when the whole
// process, not just the queue, is behind.
//
// Three lanes, each with its own limit: the organisers' pages (/admin) stay usable while
// the public pages are flooded, and the reverse; and the gateways' callbacks (/ussd/, /sms/, and
// Meta's WhatsApp webhook, /whatsapp/) have their own, as a USSD session the gateway drops after a few seconds must not wait behind
// a rush on the registration form. /healthz is never held back: a load
// balancer must see a busy server as alive. Static files are answered before this runs.

export type LoadSheddingOptions = {
  /** requests of one lane running at once */
  maxActive: number;
  /** how long a request may wait for its turn before it is refused */
  maxQueueWaitMs: number;
  /** what Retry-After tells the refused */
  retryAfterSeconds: number;
  log?: Logger;
  /** the event loop's recent lag in ms; default a sampler started here */
  eventLoopLag?: () => number;
};

type Waiting = { req: Request; res: Response; next: () => void; timer: NodeJS.Timeout };

type Lane = { active: number; queue: Waiting[]; shed: number };

/** Beyond this many waiting, refuse at once: a flood must not fill memory with timers. */
const QUEUE_PER_ACTIVE = 16;
/** Refusals are logged at most this often, with their count, not one line each. */
const LOG_EVERY_MS = 10_000;

/**
 * The gateway's callbacks may wait this long for a turn. A USSD gateway gives an answer a few
 * seconds before it drops the session; a 503 ends the session at once, with the person's
 * answers so far, so an answer at 1 s is far better than a refusal at 250 ms.
 */
const GATEWAY_QUEUE_WAIT_MS = 1_000;

const isGatewayPath = (path: string) => path.startsWith("/ussd/") || path.startsWith("/sms/") || path.startsWith("/whatsapp/");

export function loadShedding(options: LoadSheddingOptions): RequestHandler {
  const lanes = { public: newLane(), admin: newLane(), gateway: newLane() };
  const maxQueue = options.maxActive * QUEUE_PER_ACTIVE;
  let lastLog = 0;
  const lag = options.eventLoopLag ?? sampleEventLoopLag();

  const shed = (lane: Lane, req: Request, res: Response) => {
    lane.shed++;
    const now = Date.now();
    if (options.log && now - lastLog >= LOG_EVERY_MS) {
      lastLog = now;
      options.log.warn(
        { public: lanes.public.shed, admin: lanes.admin.shed, gateway: lanes.gateway.shed },
        "overloaded: refusing requests with 503 (counts since start)",
      );
    }
    void sendUnavailable(req, res, "busy", options.retryAfterSeconds).catch(() => res.destroy());
  };

  const admit = (lane: Lane, res: Response, next: () => void) => {
    lane.active++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      lane.active--;
      startWaiting(lane);
    };
    res.once("finish", release);
    res.once("close", release);
    next();
  };

  // The longest-waiting request whose client is still there goes next.
  const startWaiting = (lane: Lane) => {
    while (lane.active < options.maxActive && lane.queue.length > 0) {
      const waiting = lane.queue.shift() as Waiting;
      clearTimeout(waiting.timer);
      if (waiting.req.socket.destroyed) continue;
      admit(lane, waiting.res, waiting.next);
    }
  };

  return (req, res, next) => {
    if (req.path === "/healthz") return next();
    const lane = isGatewayPath(req.path) ? lanes.gateway : isAdminPath(req.path) ? lanes.admin : lanes.public;
    if (lane.active < options.maxActive) return admit(lane, res, next);
    const allowedWait = (lane === lanes.gateway ? Math.max(options.maxQueueWaitMs, GATEWAY_QUEUE_WAIT_MS) : options.maxQueueWaitMs) - lag();
    if (lane.queue.length >= maxQueue || allowedWait <= 0) return shed(lane, req, res);
    const waiting: Waiting = {
      req,
      res,
      next,
      timer: setTimeout(() => {
        const index = lane.queue.indexOf(waiting);
        if (index === -1) return;
        lane.queue.splice(index, 1);
        shed(lane, req, res);
      }, allowedWait),
    };
    lane.queue.push(waiting);
  };
}

const SAMPLE_EVERY_MS = 20;

/**
 * How late the event loop runs: a timer due every 20 ms notes how late it fired. A late
 * tick counts at once; the figure then fades (a fifth per tick), so one slow moment does
 * not refuse requests for long.
 */
function sampleEventLoopLag(): () => number {
  let lag = 0;
  let due = performance.now() + SAMPLE_EVERY_MS;
  setInterval(() => {
    const now = performance.now();
    lag = Math.max(now - due, lag * 0.8);
    due = now + SAMPLE_EVERY_MS;
  }, SAMPLE_EVERY_MS).unref();
  return () => lag;
}

function newLane(): Lane {
  return { active: 0, queue: [], shed: 0 };
}
