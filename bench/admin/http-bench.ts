import { type ProductionServerOptions, startProductionServer } from "#tests/support/production-server.ts";
import { measure, type Results } from "./measure";

/**
 * The same pages over HTTP from the production build: document requests with an admin
 * session, so layout, loaders, session check, server rendering and compression count.
 */
export async function httpBench(
  where: ProductionServerOptions,
  cookie: string,
  results: Results,
  n: number,
  content?: { speakerId: string; agendaId: string },
) {
  const server = await startProductionServer(where);
  try {
    const get = async (pathname: string) => {
      const response = await fetch(server.url + pathname, { headers: { Cookie: cookie }, redirect: "manual" });
      if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
      return response.arrayBuffer();
    };
    for (const [label, pathname] of [
      ["GET /admin/attendees?q=ami&gender=female&state=Zamfara", "/admin/attendees?q=ami&gender=female&state=Zamfara"],
      ["GET /admin/attendees", "/admin/attendees"],
      ["GET /admin/attendees?q=ami", "/admin/attendees?q=ami"],
      ["GET /admin/attendees?q=ami&gender=female&state=Zamfara", "/admin/attendees?q=ami&gender=female&state=Zamfara"],
      // The same loaders as a client-side navigation fetches them (no server rendering).
      ["GET /admin/attendees.data", "/admin/attendees.data"],
      ["GET /admin (dashboard)", "/admin"],
      ...(content
        ? ([
            ["GET /admin/speakers", "/admin/speakers"],
            ["GET /admin/speakers/:id/edit", `/admin/speakers/${content.speakerId}/edit`],
            ["GET /admin/special-guests", "/admin/special-guests"],
            ["GET /admin/agenda", "/admin/agenda"],
            ["GET /admin/agenda/:id/edit", `/admin/agenda/${content.agendaId}/edit`],
            ["GET /admin/partners", "/admin/partners"],
            ["GET /admin/partners/new", "/admin/partners/new"],
            ["GET /admin/settings", "/admin/settings"],
          ] as const)
        : []),
    ] as const) {
      // More warm-up than in-process: the server's rendering code is compiled (JIT) on first use.
      results.set(`HTTP ${label.slice(4)}`, await measure(() => get(pathname), n, 20));
    }
    let bytes = 0;
    const stat = await measure(
      async () => {
        bytes = (await get("/admin/attendees/export.csv")).byteLength;
      },
      10,
      2,
    );
    results.set("HTTP /admin/attendees/export.csv", { ...stat, extra: `${(bytes / 1024 / 1024).toFixed(2)} MiB` });
  } finally {
    await server.stop();
  }
}
