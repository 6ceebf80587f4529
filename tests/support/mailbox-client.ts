// Test workers read the e-mail that the e2e server sent. The SMTP capture lives in
// Playwright's globalSetup process, so workers ask it over loopback HTTP
// (tests/support/mailbox-server.ts); E2E_MAILBOX_URL says where.

export type MailAttachmentJson = {
  filename: string | undefined;
  contentType: string;
  /** Content-ID without angle brackets, for inline images (`cid:` in the HTML) */
  cid: string | undefined;
  contentDisposition: string | undefined;
  size: number;
  /** the bytes, base64 */
  content: string;
};

export type MailJson = {
  /** position in the order received, from 0 */
  index: number;
  subject: string;
  from: string;
  /** envelope recipients, lower-cased */
  to: string[];
  date: string | undefined;
  messageId: string | undefined;
  headers: Record<string, string>;
  html: string;
  text: string;
  attachments: MailAttachmentJson[];
};

export type MailFilter = { to?: string; subjectIncludes?: string };

function mailboxUrl(): string {
  const url = process.env.E2E_MAILBOX_URL;
  if (!url)
    throw new Error("E2E_MAILBOX_URL is not set: the mailbox is only available in Playwright tests (tests/support/e2e-global-setup.ts).");
  return url;
}

/** Every captured message matching the filter, oldest first. */
export async function listMail(filter: MailFilter = {}): Promise<MailJson[]> {
  const url = new URL("/messages", mailboxUrl());
  if (filter.to) url.searchParams.set("to", filter.to);
  if (filter.subjectIncludes) url.searchParams.set("subjectIncludes", filter.subjectIncludes);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as MailJson[];
}

/** The first message matching the filter, waiting for it to arrive (the outbox worker sends asynchronously). */
export async function waitForMail(filter: MailFilter, timeoutMs = 20_000): Promise<MailJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [found] = await listMail(filter);
    if (found) return found;
    if (Date.now() > deadline) {
      const all = await listMail();
      throw new Error(
        `no e-mail matching ${JSON.stringify(filter)} within ${timeoutMs} ms; received ${all.length}: ` +
          JSON.stringify(all.map((m) => ({ to: m.to, subject: m.subject }))),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An attachment's bytes. */
export function attachmentBytes(attachment: MailAttachmentJson): Buffer {
  return Buffer.from(attachment.content, "base64");
}
