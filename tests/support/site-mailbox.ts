import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import { simpleParser } from "mailparser";
import pg from "pg";
import type { PrivateSite } from "./private-site";

// What a private site (started without SMTP_URL) has mailed: the .eml files its local mailbox
// writes to DATA_DIR/mail, parsed. And, on PostgreSQL, what its outbox holds for an address.

export type SiteMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

/** Every message the site's local mailbox holds, oldest first. */
export async function siteMail(site: Pick<PrivateSite, "dataDir">): Promise<SiteMail[]> {
  const dir = path.join(site.dataDir, "mail");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (name) => {
      const parsed = await simpleParser(await readFile(path.join(dir, name)));
      const to = parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => (a.address ?? "").toLowerCase()) : [];
      return {
        to,
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: typeof parsed.html === "string" ? parsed.html : "",
        attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? "", contentType: a.contentType, content: a.content })),
      };
    }),
  );
}

/** The messages to `address`, once at least `count` of them have been written (the worker sends within a second or two). */
export async function waitForSiteMail(site: PrivateSite, address: string, count = 1, timeoutMs = 20_000): Promise<SiteMail[]> {
  const wanted = address.toLowerCase();
  let found: SiteMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await siteMail(site)).filter((mail) => mail.to.includes(wanted));
        return found.length;
      },
      { timeout: timeoutMs, message: `${count} mail(s) to ${address}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** PostgreSQL only: the outbox rows whose recipient contains `fragment`, with their status. */
export async function outboxRows(
  site: PrivateSite,
  fragment: string,
): Promise<{ to_address: string; kind: string; status: string; last_error: string | null }[]> {
  if (!site.databaseUrl) throw new Error("outboxRows needs a site on PostgreSQL");
  const client = new pg.Client({ connectionString: site.databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      "select to_address, kind, status, last_error from mail_outbox where position(lower($1) in lower(to_address)) > 0 order by created_at",
      [fragment],
    );
    return result.rows;
  } finally {
    await client.end();
  }
}
