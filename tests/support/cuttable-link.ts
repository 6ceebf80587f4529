import net from "node:net";

// A door's own network link to the site, which a test can cut: a TCP relay on 127.0.0.1 whose
// cut() drops every open connection and refuses new ones. Playwright's context.setOffline()
// leaves a service worker's requests on the network (microsoft/playwright#2311), so the door's
// browser talks to the site only through this link, and cutting it cuts the page and its
// service worker alike, as a dead Wi-Fi does.

export type CuttableLink = {
  url: string;
  cut(): void;
  restore(): void;
  /** New connections go to another server (a new deploy at the same address). */
  retarget(target: string): void;
  close(): Promise<void>;
};

export async function cuttableLink(target: string): Promise<CuttableLink> {
  let { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    retarget(next) {
      ({ hostname, port } = new URL(next));
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
