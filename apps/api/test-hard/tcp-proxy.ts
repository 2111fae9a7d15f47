/**
 * A TCP proxy on 127.0.0.1 in front of PostgreSQL, to take the database away from a running server
 * and give it back:
 * - "open": connections are piped to PostgreSQL;
 * - "refusing": the database is down: open connections are cut, new ones closed as soon as they come;
 * - "silent": the database host does not answer: open connections are cut, new ones are accepted and
 *   never answered (until the mode changes);
 * - "frozen": the network between them stops (a partition): open connections stay open but nothing
 *   crosses them any more, new ones are held as in "silent". Leaving "frozen" cuts them.
 */
import net from "node:net";

export type ProxyMode = "open" | "refusing" | "silent" | "frozen";

export interface TcpProxy {
  readonly port: number;
  /** Switches the mode; leaving "open" cuts (or, for "frozen", stops) every piped connection, leaving "silent" or "frozen" closes the held ones. */
  setMode(mode: ProxyMode): void;
  /** Connections accepted so far (piped, refused or held). */
  accepted(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = "open";
  let accepted = 0;
  /** Piped client sockets, with their upstream. */
  const piped = new Map<net.Socket, net.Socket>();
  const held = new Set<net.Socket>();

  const server = net.createServer((client) => {
    accepted++;
    client.on("error", () => undefined);
    if (mode === "refusing") {
      client.destroy();
      return;
    }
    if (mode === "silent" || mode === "frozen") {
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
    piped.set(client, upstream);
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
      if (next === "frozen") {
        // Nothing crosses any more, either way; whatever arrives is read and dropped.
        for (const [client, upstream] of piped) {
          client.unpipe(upstream);
          upstream.unpipe(client);
          client.resume();
          upstream.resume();
          held.add(client);
          client.once("close", () => held.delete(client));
        }
        piped.clear();
      } else if (next !== "open") {
        for (const client of piped.keys()) client.destroy();
      }
      if (next !== "silent" && next !== "frozen") for (const socket of held) socket.destroy();
      mode = next;
    },
    accepted: () => accepted,
    close: async () => {
      for (const socket of [...piped.keys(), ...held]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
