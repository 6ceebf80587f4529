import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// The static control page of `npm run bench:pages`: the demo site's landing page with every
// script taken out, from a loopback server of its own that passes every other path (styles,
// fonts, images) on to the demo site. Its Lighthouse TBT is what this machine's noise gives a
// page that runs no JavaScript at all, in the same run; `/` and `/register` are judged against it
// (issue 46: within 50 ms of it), so a busy machine does not pass for a heavy page or the reverse.

/** The control's path on its own server (a page, not the site's `/`: nothing the demo site serves). */
export const CONTROL_PATH = "/static-control";

/** The page's HTML without its scripts: no script element, no module preload. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

export async function startControlServer(demoUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const html = withoutScripts(await (await fetch(`${demoUrl}/`)).text());
  if (/<script\b/i.test(html)) throw new Error("the control page still carries a script");
  const server = createServer(async (request, response) => {
    if (request.url === CONTROL_PATH) {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      response.end(html);
      return;
    }
    // Uncompressed (fetch would decode a compressed answer anyway): the control is about the
    // main thread's work, not its bytes.
    const upstream = await fetch(demoUrl + (request.url ?? "/"), { headers: { "accept-encoding": "identity" } });
    const headers: Record<string, string> = {};
    for (const name of ["content-type", "cache-control"]) {
      const value = upstream.headers.get(name);
      if (value) headers[name] = value;
    }
    response.writeHead(upstream.status, headers);
    response.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
