import { SMTPServer } from "smtp-server";
import { freePort } from "#tests/support/postgres-server.ts";

export type SmtpSink = {
  url: string;
  received: () => number;
  /** When each recipient's (latest) message was accepted, performance.now() of this process. */
  arrivals: ReadonlyMap<string, number>;
  /** Leaves every message unanswered (an SMTP server stalling) until release(): no mail completes meanwhile. */
  hold: () => void;
  release: () => void;
  stop: () => Promise<void>;
};

/**
 * An SMTP server on loopback that accepts and discards every message, counting them.
 * The benchmark points SMTP_URL here so ticket delivery does its real work (render,
 * MIME, SMTP) without thousands of .eml files or parsed messages piling up. Only the
 * recipient and the time are kept, to line up each delivery with its registration.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const port = await freePort();
  let received = 0;
  const arrivals = new Map<string, number>();
  let held: (() => void)[] | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        const accept = () => {
          received++;
          const now = performance.now();
          for (const rcpt of session.envelope.rcptTo) arrivals.set(rcpt.address.toLowerCase(), now);
          callback();
        };
        if (held) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    arrivals,
    hold: () => {
      held ??= [];
    },
    release: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const accept of waiting) accept();
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
