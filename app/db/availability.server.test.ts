import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDatabaseAvailability, isConnectionError } from "./availability.server";

/** An error as node-postgres or Node's sockets make them: a message and a code. */
const errorWith = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** Drizzle wraps a failed statement's error as its cause. */
const drizzleWrapped = (cause: unknown) => new Error("Failed query: select 1\nparams: ", { cause });

describe("isConnectionError", () => {
  it.each([
    ["nothing listens", errorWith("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["the connection was cut", errorWith("read ECONNRESET", "ECONNRESET")],
    ["the host does not answer", errorWith("connect ETIMEDOUT 10.0.0.5:5432", "ETIMEDOUT")],
    ["the server's name does not resolve", errorWith("getaddrinfo ENOTFOUND db", "ENOTFOUND")],
    ["PostgreSQL stopping ends the session (57P01)", errorWith("terminating connection due to administrator command", "57P01")],
    ["PostgreSQL crashed (57P02)", errorWith("terminating connection because of crash of another server process", "57P02")],
    ["PostgreSQL starting or stopping (57P03)", errorWith("the database system is shutting down", "57P03")],
    ["a connection exception (class 08)", errorWith("connection failure", "08006")],
    ["the socket ended under a query", errorWith("Connection terminated unexpectedly")],
    ["the pool's connect timeout", errorWith("Connection terminated due to connection timeout")],
    ["a connection's connect timeout", errorWith("timeout expired")],
    ["a client that lost its connection", errorWith("Client has encountered a connection error and is not queryable")],
    ["any of these inside Drizzle's wrapper", drizzleWrapped(errorWith("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))],
    ["each address refused (AggregateError)", new AggregateError([errorWith("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "")],
  ])("yes: %s", (_, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ["a unique violation", drizzleWrapped(errorWith("duplicate key value violates unique constraint", "23505"))],
    ["a statement cancelled by its timeout", errorWith("canceling statement due to statement timeout", "57014")],
    ["waiting for a free pooled connection", errorWith("timeout exceeded when trying to connect")],
    ["a closed pool", errorWith("Cannot use a pool after calling end on the pool")],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["not an error at all", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("no: %s", (_, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});

describe("createDatabaseAvailability", () => {
  const refused = errorWith("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED");
  let probeAnswers: boolean[];
  let probes: number;
  const log = { error: vi.fn(), info: vi.fn() };
  const tracker = (probeEveryMs = 1_000) =>
    createDatabaseAvailability({
      probe: async () => {
        probes++;
        if (!(probeAnswers.shift() ?? false)) throw refused;
      },
      log: () => log,
      probeEveryMs,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    probeAnswers = [];
    probes = 0;
    log.error.mockReset();
    log.info.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts up and stays up for errors that are not about the connection, and does not probe", async () => {
    const availability = tracker();
    expect(availability.isDown()).toBe(false);
    expect(availability.report(errorWith("duplicate key", "23505"))).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(availability.isDown()).toBe(false);
    expect(probes).toBe(0);
    expect(log.error).not.toHaveBeenCalled();
  });

  it("goes down on a connection error, logging once however many follow, and probes every second until one answers", async () => {
    const availability = tracker();
    const ups = vi.fn();
    availability.onUp(ups);
    expect(availability.report(refused)).toBe(true);
    expect(availability.report(errorWith("Connection terminated unexpectedly"))).toBe(true);
    // While down any failure is the outage's: callers need not log it.
    expect(availability.report(new Error("render failed"))).toBe(true);
    expect(availability.isDown()).toBe(true);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toEqual({ error: { code: "ECONNREFUSED", message: refused.message } });

    probeAnswers = [false, false, true];
    await vi.advanceTimersByTimeAsync(999);
    expect(probes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toBe(1);
    expect(availability.isDown()).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probes).toBe(3);
    expect(availability.isDown()).toBe(false);
    expect(ups).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0]?.[0]).toEqual({ downMs: 3_000, failedProbes: 2 });

    // Up again: no more probes, and an ordinary error is the caller's to log again.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probes).toBe(3);
    expect(availability.report(new Error("render failed"))).toBe(false);
  });

  it("goes down again after coming back, and says so again", async () => {
    const availability = tracker();
    availability.report(refused);
    probeAnswers = [true];
    await vi.advanceTimersByTimeAsync(1_000);
    expect(availability.isDown()).toBe(false);
    availability.report(errorWith("terminating connection due to administrator command", "57P01"));
    expect(availability.isDown()).toBe(true);
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it("stops probing once closed, and ignores errors after that (the pool is ending)", async () => {
    const availability = tracker();
    availability.report(refused);
    availability.close();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(probes).toBe(0);
    const closedEarly = tracker();
    closedEarly.close();
    closedEarly.report(refused);
    expect(closedEarly.isDown()).toBe(false);
  });

  it("a logger that throws does not make reporting throw (it runs inside connection events)", () => {
    const availability = createDatabaseAvailability({
      probe: async () => {},
      log: () => {
        throw new Error("Invalid configuration");
      },
    });
    expect(() => availability.report(refused)).not.toThrow();
    expect(availability.isDown()).toBe(true);
    availability.close();
  });
});
