/**
 * A TCP proxy on 127.0.0.1 in front of PostgreSQL, to take the database away from a running server
 * and give it back:
 * - "open": connections are piped to PostgreSQL;
 * - "refusing": the database is down: open connections are cut, new ones closed as soon as they come;
 * - "silent": the database host does not answer: open connections are cut, new ones are accepted and
 *   never answered (until the mode changes).
 */
import net from "node:net";

export type ProxyMode = "open" | "refusing" | "silent";

export interface TcpProxy {
  readonly port: number;
  /** Switches the mode; leaving "open" cuts every piped connection, leaving "silent" closes the held ones. */
  setMode(mode: ProxyMode): void;
  /** Connections accepted so far (piped, refused or held). */
  accepted(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = "open";
  let accepted = 0;
  const piped = new Set<net.Socket>();
  const held = new Set<net.Socket>();

  const server = net.createServer((client) => {
    accepted++;
    client.on("error", () => undefined);
    if (mode === "refusing") {
      client.destroy();
      return;
    }
    if (mode === "silent") {
      held.add(client);
      client.once("close", () => held.delete(client));
      // Whatever the client sends is read and dropped: no answer ever comes.
      client.resume();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.once("close", () => {
      upstream.destroy();
      piped.delete(client);
    });
    upstream.once("close", () => client.destroy());
    piped.add(client);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("the proxy has no port");

  return {
    port: address.port,
    setMode(next) {
      if (next !== "open") for (const socket of piped) socket.destroy();
      if (next !== "silent") for (const socket of held) socket.destroy();
      mode = next;
    },
    accepted: () => accepted,
    close: async () => {
      for (const socket of [...piped, ...held]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
