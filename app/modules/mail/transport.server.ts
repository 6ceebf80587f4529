import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "~/config.server";
import { isBareEmail } from "~/db/email";
import type { MailAttachment } from "~/db/schema";

export type MailLog = Pick<Logger, "info" | "warn" | "error">;

type MailMessage = {
  /** the outbox row id; also sent as X-Outbox-Id so a delivered message can be traced back */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  /** header lines the template made (List-Unsubscribe); X-Outbox-Id is always added */
  headers?: Record<string, string>;
};

export type MailTransport = {
  kind: "smtp" | "mailbox";
  /** Resolves once the SMTP server accepted the message (or the file is written); rejects otherwise. */
  send: (message: MailMessage) => Promise<{ messageId: string }>;
  close: () => void;
};

/**
 * A message that can never be sent as it is: retrying cannot help, so the outbox marks it
 * failed at once (outbox-worker.server.ts) and an organiser sees why.
 */
export class PermanentMailError extends Error {
  override name = "PermanentMailError";
}

/**
 * The last check before a message leaves: its recipient is one bare address (email.ts). The
 * forms allow nothing else, so a row that is not (written before the rule, or by a bug) is
 * refused rather than handed to nodemailer, which would read a display name and a list in it.
 */
export function assertBareRecipient(to: string): void {
  if (!isBareEmail(to)) throw new PermanentMailError("the recipient is not one bare e-mail address; not sent");
}

export type MailTransportConfig = Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">;

/** Where mail goes without SMTP_URL: one .eml file per message, readable by any mail client. */
export function mailboxDir(dataDir: string): string {
  return path.join(dataDir, "mail");
}

/** SMTP over SMTP_URL with pooled connections, or the local mailbox when SMTP_URL is unset. */
export function createMailTransport(config: MailTransportConfig, log: MailLog): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : mailboxTransport(mailboxDir(config.dataDir), config.mailFrom, log);
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(
    {
      url,
      pool: true,
      maxConnections: 3,
      // Fail fast when the server is down: the outbox retries later, and a hung
      // connection would hold the whole batch.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      // nodemailer's own log would write each recipient and SMTP dialogue: off, whatever its defaults become.
      logger: false,
      debug: false,
    },
    { from },
  );
  return {
    kind: "smtp",
    send: async (message) => {
      assertBareRecipient(message.to);
      const info = await transporter.sendMail(toNodemailer(message, from));
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

function mailboxTransport(dir: string, from: string, log: MailLog): MailTransport {
  // The stream transport builds exactly the MIME an SMTP server would receive.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" }, { from });
  return {
    kind: "mailbox",
    send: async (message) => {
      assertBareRecipient(message.to);
      const info = await composer.sendMail(toNodemailer(message, from));
      await mkdir(dir, { recursive: true });
      const fileName = `${new Date().toISOString().replace(/:/g, "-")}-${message.id}.eml`;
      const file = path.join(dir, fileName);
      // Write then rename, so a reader listing the mailbox never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      // The outbox id names the message; its recipient and subject (a person's name) stay out of the log.
      log.info({ mailId: message.id, file: fileName }, "mail written to the local mailbox (SMTP_URL is not set)");
      return { messageId: info.messageId };
    },
    close: () => composer.close(),
  };
}

/**
 * One Message-ID per outbox row, whatever the attempt: a message sent again after a crash
 * (the SMTP server had accepted it, the process died before recording that) is the same
 * message to the receiving side, which can drop the copy, and to anyone counting. Each
 * e-mail an organiser or a person asks for again (a ticket resend) is a row, and an ID, of its own.
 */
export function outboxMessageId(id: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${id}@${domain}>`;
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    messageId: outboxMessageId(message.id, from),
    // An address object, never a string: nodemailer parses a string as a list of named
    // addresses ("A <victim@example.com>"), an object's address is taken as it is.
    to: { name: "", address: message.to },
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: { ...message.headers, "X-Outbox-Id": message.id },
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content, "base64"),
      // With a cid the image goes inline (multipart/related) under that Content-ID, for the HTML's cid: links.
      ...(a.cid ? { cid: a.cid } : {}),
    })),
  };
}

export type MailStatus = { kind: "smtp" | "mailbox"; ok: boolean; detail: string };
type MailConfig = Pick<Config, "smtpUrl" | "nodeEnv" | "demo">;

/**
 * Whether tickets can leave this server, read from the configuration alone (no SMTP probe):
 * /healthz and the dashboard ask it on every request. Without SMTP_URL mail is kept in
 * DATA_DIR/mail. Fine while developing, testing or on the demo; on a production site it means
 * no ticket reaches anyone, so it is a fault, said in red.
 */
export function configuredMailStatus(config: MailConfig): MailStatus {
  if (config.smtpUrl) return { kind: "smtp", ok: true, detail: "SMTP_URL is set" };
  if (config.nodeEnv === "production" && !config.demo)
    return {
      kind: "mailbox",
      ok: false,
      detail: "SMTP_URL is not set: mail is only kept in DATA_DIR/mail on this server",
    };
  return { kind: "mailbox", ok: true, detail: "Local mailbox: SMTP_URL is not set, mail is kept in DATA_DIR/mail" };
}
const MAIL_STATUS_TTL_MS = 60_000;
let lastSmtpCheck: { url: string; at: number; status: MailStatus } | undefined;

/**
 * Whether mail can go out, for the operations screen: the SMTP server answering a
 * connection and its greeting (checked at most once a minute), or the local mailbox.
 */
export async function mailStatus(config: MailConfig, now = Date.now()): Promise<MailStatus> {
  const url = config.smtpUrl;
  if (!url) return configuredMailStatus(config);
  if (lastSmtpCheck && lastSmtpCheck.url === url && now - lastSmtpCheck.at < MAIL_STATUS_TTL_MS) return lastSmtpCheck.status;
  const host = new URL(url).host;
  const probe = nodemailer.createTransport({ url, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 5_000 });
  let status: MailStatus;
  try {
    await probe.verify();
    status = { kind: "smtp", ok: true, detail: `SMTP server ${host} verified` };
  } catch (error) {
    status = { kind: "smtp", ok: false, detail: `SMTP server ${host} did not answer: ${(error as Error).message}` };
  } finally {
    probe.close();
  }
  lastSmtpCheck = { url, at: now, status };
  return status;
}
