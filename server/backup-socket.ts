import { chmodSync, mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";

// How `npm run backup` gets a consistent copy of the embedded database while the server runs:
// PGlite lives inside the server process, so only the server can copy it. The server answers on a
// Unix domain socket in DATA_DIR/run (a directory only its owner may enter), so only the same user
// on the same machine can ask, like reading DATA_DIR itself. Nothing listens on the network.
//
// The protocol: the client sends "backup\n"; the server answers one JSON line, either
// {"ok":true,"bytes":N} followed by the N bytes of the copy, or {"ok":false,"error":"…"}.
//
// `npm run admin` comes the same way while the server holds the embedded database (nothing else
// may open it): the client sends "admin <command as JSON>\n"; the server may ask for the new
// password ({"ask":"password"}, answered {"answer":"…"}), then answers {"ok":true,"output":"…"} or
// {"ok":false,"error":"…"}: the command runs in the server, the operator types at their terminal.

const REQUEST = "backup";
/** sun_path holds 108 bytes on Linux and 104 on macOS, the terminating NUL included. */
const MAX_SOCKET_PATH_BYTES = 103;

function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, "run", "backup.sock");
}

type Log = { info: (data: object, message: string) => void; warn: (data: object, message: string) => void };

type BackupListener = { close: () => Promise<void> };

/** What the server answers an admin command with: what the command printed, or why it failed. */
export type AdminAnswer = { ok: true; output: string } | { ok: false; error: string };
/** Carries out an admin command (server/admin-commands.ts); `ask` gets an answer from the operator. */
export type AdminCommandHandler = (command: unknown, ask: (question: "password") => Promise<string>) => Promise<AdminAnswer>;

const ADMIN_REQUEST = "admin ";
/** How long the server waits for the operator to type a password. */
const ANSWER_TIMEOUT_MS = 10 * 60_000;

/**
 * Answers backup requests with `snapshot()`, one at a time. When the socket cannot be opened
 * (DATA_DIR's path too long for one, no permission) it warns and returns undefined: the site
 * matters more than this way of backing up, and `npm run backup` then says the server does not
 * answer.
 */
export async function listenForBackups(
  dataDir: string,
  snapshot: () => Promise<Uint8Array>,
  log: Log,
  admin?: AdminCommandHandler,
): Promise<BackupListener | undefined> {
  const socketPath = backupSocketPath(dataDir);
  const unavailable = (reason: object) => {
    log.warn({ socketPath, ...reason }, "backups: cannot listen for npm run backup; it works only with the server stopped");
    return undefined;
  };
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    return unavailable({ reason: "DATA_DIR's path is too long for a Unix socket" });
  }
  try {
    return await listen(socketPath, snapshot, log, admin);
  } catch (error) {
    return unavailable({ err: error });
  }
}

async function listen(
  socketPath: string,
  snapshot: () => Promise<Uint8Array>,
  log: Log,
  admin?: AdminCommandHandler,
): Promise<BackupListener> {
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  // mkdir leaves an existing directory's mode as it was.
  chmodSync(path.dirname(socketPath), 0o700);
  // A socket file left by a server that crashed: the data directory's lock says we own DATA_DIR now.
  rmSync(socketPath, { force: true });

  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    // Until the request arrives; copying a large database may then take minutes.
    socket.setTimeout(60_000, () => socket.destroy());
    socket.on("error", () => {});
    let request = "";
    const onData = (chunk: Buffer) => {
      request += chunk.toString("utf8");
      const end = request.indexOf("\n");
      if (end === -1 && request.length < 64 * 1024) return;
      socket.off("data", onData);
      socket.setTimeout(0);
      const line = request.slice(0, end);
      if (line === REQUEST) {
        queue = queue.then(() => answer(socket));
      } else if (admin && line.startsWith(ADMIN_REQUEST)) {
        void runAdmin(admin, socket, line.slice(ADMIN_REQUEST.length), request.slice(end + 1));
      } else {
        socket.end(`${JSON.stringify({ ok: false, error: "unknown request" })}\n`);
      }
    };
    socket.on("data", onData);
  });

  // Not queued behind backups: an admin command is a few small writes, like a request's.
  const runAdmin = async (handler: AdminCommandHandler, socket: net.Socket, commandJson: string, rest: string) => {
    const answers = lineReader(socket, rest);
    const ask = async (question: "password") => {
      socket.write(`${JSON.stringify({ ask: question })}\n`);
      const reply = JSON.parse(await answers.next(ANSWER_TIMEOUT_MS)) as { answer?: unknown };
      if (typeof reply.answer !== "string") throw new Error("no answer from the command line");
      return reply.answer;
    };
    let result: AdminAnswer;
    try {
      result = await handler(JSON.parse(commandJson), ask);
    } catch (error) {
      result = { ok: false, error: `Error: ${(error as Error).message}` };
    }
    log.info({ ok: result.ok }, "admin: npm run admin was carried out by the server");
    socket.end(`${JSON.stringify(result)}\n`);
  };

  const answer = async (socket: net.Socket) => {
    const started = Date.now();
    try {
      const copy = await snapshot();
      socket.write(`${JSON.stringify({ ok: true, bytes: copy.byteLength })}\n`);
      socket.end(copy);
      log.info({ bytes: copy.byteLength, ms: Date.now() - started }, "backups: a copy of the database was handed to npm run backup");
    } catch (error) {
      socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`);
      log.warn({ err: error }, "backups: copying the database failed");
    }
  };

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  return {
    // Stops accepting (and removes the socket file) at once, then lets a copy in progress finish.
    close: async () => {
      server.close();
      await queue;
    },
  };
}

/** The server's socket did not answer: no server, or one of a version without backups over the socket. */
export class NoBackupServerError extends Error {}

/** Asks the server on `dataDir` for a copy of its database. */
export function requestBackup(dataDir: string, timeoutMs = 10 * 60_000): Promise<Uint8Array> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let connected = false;
    const socket = net.createConnection(socketPath, () => {
      connected = true;
      socket.write(`${REQUEST}\n`);
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`the server did not answer within ${timeoutMs / 1000} s`)));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      reject(connected ? error : new NoBackupServerError(`nothing answers at ${socketPath} (${error.code ?? error.message})`));
    });
    socket.on("end", () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function parseAnswer(answer: Buffer): Uint8Array {
  const end = answer.indexOf(0x0a);
  if (end === -1) throw new Error("the server's answer was cut short");
  const header = JSON.parse(answer.subarray(0, end).toString("utf8")) as { ok: boolean; bytes?: number; error?: string };
  if (!header.ok) throw new Error(`the server could not copy the database: ${header.error ?? "no reason given"}`);
  const body = answer.subarray(end + 1);
  if (body.byteLength !== header.bytes) throw new Error(`the server's answer was cut short (${body.byteLength} of ${header.bytes} bytes)`);
  return body;
}

/** The lines arriving on `socket` after `buffered`, one at a time. */
function lineReader(socket: net.Socket, buffered: string) {
  let pending = buffered;
  const waiting: Array<(line: string | Error) => void> = [];
  const flush = () => {
    let end = pending.indexOf("\n");
    while (end !== -1 && waiting.length > 0) {
      waiting.shift()?.(pending.slice(0, end));
      pending = pending.slice(end + 1);
      end = pending.indexOf("\n");
    }
  };
  socket.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    flush();
  });
  socket.on("close", () => {
    for (const resolve of waiting.splice(0)) resolve(new Error("the connection closed"));
  });
  return {
    next: (timeoutMs: number) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no answer from the command line in time")), timeoutMs);
        waiting.push((line) => {
          clearTimeout(timer);
          if (line instanceof Error) reject(line);
          else resolve(line);
        });
        flush();
      }),
  };
}

/**
 * Asks the server on `dataDir` to carry out an admin command; `answer` is called when the server
 * asks for the new password. Throws NoBackupServerError when no server answers on the socket, or
 * one that takes no admin commands.
 */
export function requestAdminCommand(
  dataDir: string,
  command: object,
  answer: (question: "password") => Promise<string>,
): Promise<AdminAnswer> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    let connected = false;
    let settled = false;
    const socket = net.createConnection(socketPath, () => {
      connected = true;
      socket.write(`${ADMIN_REQUEST}${JSON.stringify(command)}\n`);
    });
    const lines = lineReader(socket, "");
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(error);
    };
    socket.on("error", (error: NodeJS.ErrnoException) => {
      fail(connected ? error : new NoBackupServerError(`nothing answers at ${socketPath} (${error.code ?? error.message})`));
    });
    void (async () => {
      for (;;) {
        const message = JSON.parse(await lines.next(ANSWER_TIMEOUT_MS + 60_000)) as {
          ask?: "password";
          ok?: boolean;
          output?: string;
          error?: string;
        };
        if (message.ask) {
          socket.write(`${JSON.stringify({ answer: await answer(message.ask) })}\n`);
          continue;
        }
        if (message.ok === false && message.error === "unknown request")
          throw new NoBackupServerError("the server takes no admin commands");
        settled = true;
        socket.end();
        resolve(
          message.ok ? { ok: true, output: message.output ?? "" } : { ok: false, error: message.error ?? "the server gave no reason" },
        );
        return;
      }
    })().catch((error: Error) => fail(error));
  });
}
