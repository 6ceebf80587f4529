import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./postgres-server";

export type CapturedMail = { raw: Buffer; parsed: ParsedMail; envelopeTo: string[] };

export type SmtpCapture = {
  port: number;
  /** smtp://127.0.0.1:PORT, for SMTP_URL */
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor: (match: (mail: CapturedMail) => boolean, timeoutMs?: number) => Promise<CapturedMail>;
  stop: () => Promise<void>;
};

/** An SMTP server on loopback that keeps every message it receives, parsed, for tests to read. */
export async function startSmtpCapture(options: { port?: number } = {}): Promise<SmtpCapture> {
  const port = options.port ?? (await freePort());
  const messages: CapturedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks);
        // keepCidLinks keeps cid: references in the HTML so tests can match inline images.
        const parsed = await simpleParser(raw, { keepCidLinks: true });
        messages.push({ raw, parsed, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
        for (const listener of listeners) listener();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      // A client that vanishes mid-conversation (a server killed by a test: ECONNRESET) is
      // its own business; unheard, the error event would crash the test process.
      server.on("error", () => {});
      resolve();
    });
  });

  const waitFor: SmtpCapture["waitFor"] = (match, timeoutMs = 15_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no matching e-mail within ${timeoutMs} ms (received ${messages.length})`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
