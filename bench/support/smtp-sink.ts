import { SMTPServer } from "smtp-server";
import { freePort } from "#tests/support/postgres-server.ts";

export type SmtpSink = { url: string; received: () => number; stop: () => Promise<void> };

/**
 * An SMTP server on loopback that accepts and discards every message, counting them.
 * The benchmark points SMTP_URL here so ticket delivery does its real work (render,
 * MIME, SMTP) without thousands of .eml files or parsed messages piling up.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const port = await freePort();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received++;
        callback();
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
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
