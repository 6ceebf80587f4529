import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { logger, scrubText } from "./logger.server";
import { NonceProvider } from "./ui/nonce";

// React Router's own Node entry, plus the CSP nonce: React's inline scripts (the router's
// state, module loading) get it from `nonce`, and our components from NonceProvider.

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // No loader defers data, so a page's shell is the whole page: it goes out as one body.
        // Streamed, React's 2 KB pieces each went through a web stream and the compressor on
        // their own, about a tenth of the server's work for /register (docs/BENCHMARKS.md).
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject above and are logged by React Router; these came later, while rendering the rest.
          if (shellRendered) logger().error({ err: error, path: pagePath(request) }, "rendering failed after the shell");
        },
      },
    );
  });
}

/** A request's path for the log: no query, and no token of a ticket or waitlist page (logger.server.ts). */
function pagePath(request: Request): string {
  return scrubText(new URL(request.url).pathname);
}

/**
 * What a loader or action threw, logged through the app's logger: React Router's default
 * writes the whole error to the console, and a failed query's error quotes its values (an
 * address, a name). Requests the client gave up on are not errors.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger().error({ err: error, path: pagePath(request) }, "request failed");
}
