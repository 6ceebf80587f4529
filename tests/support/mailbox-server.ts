import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { MailJson } from "./mailbox-client";
import type { CapturedMail, SmtpCapture } from "./smtp-capture";

/** Serves the captured mail as JSON on loopback: GET /messages?to=&subjectIncludes= */
export async function startMailboxServer(capture: SmtpCapture): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method !== "GET" || url.pathname !== "/messages") {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("GET /messages?to=&subjectIncludes=");
      return;
    }
    const to = url.searchParams.get("to")?.trim().toLowerCase();
    const subject = url.searchParams.get("subjectIncludes");
    const found = capture.messages
      .map((mail, index) => toJson(mail, index))
      .filter((mail) => (!to || mail.to.includes(to)) && (!subject || mail.subject.includes(subject)));
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(found));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function toJson(mail: CapturedMail, index: number): MailJson {
  const { parsed } = mail;
  const headerTo = [parsed.to ?? []].flat().flatMap((group) => group.value.map((address) => address.address ?? ""));
  const to = [...new Set([...mail.envelopeTo, ...headerTo].filter(Boolean).map((address) => address.toLowerCase()))];
  return {
    index,
    subject: parsed.subject ?? "",
    from: parsed.from?.text ?? "",
    to,
    date: parsed.date?.toISOString(),
    messageId: parsed.messageId,
    headers: Object.fromEntries(parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).trim()])),
    html: typeof parsed.html === "string" ? parsed.html : "",
    text: parsed.text ?? "",
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      cid: attachment.cid?.replace(/^<|>$/g, ""),
      contentDisposition: attachment.contentDisposition,
      size: attachment.size,
      content: attachment.content.toString("base64"),
    })),
  };
}
