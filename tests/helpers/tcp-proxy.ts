import { createConnection, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of the test's PostgreSQL server: `down()` drops every connection and refuses new ones (the app
 * sees ECONNREFUSED, as when PostgreSQL is stopped), `up()` serves again on the same port. The shared cluster is never
 * touched.
 */
export type TcpProxy = { url: string; down: () => Promise<void>; up: () => Promise<void>; close: () => Promise<void> };

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as { port: number }).port;
        server = next;
        resolve();
      });
    });
  const down = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return { url: url.toString(), down, up: listen, close: down };
}
