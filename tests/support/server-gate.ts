import { connect, createServer, type Server, type Socket } from 'node:net';

/** How the gate treats a browser's connection to the shop. */
export type GateMode = 'open' | 'refused' | 'hung';

export interface ServerGate {
  /** http://127.0.0.1:PORT: the shop as the browser sees it; the port stays the same in every mode (one origin). */
  baseUrl: string;
  /**
   * 'open' passes every connection to the server; 'refused' stops listening, so a connection is refused at once (the
   * server is down); 'hung' accepts and never answers (a server or network that swallows requests). Connections open
   * at the change are cut.
   */
  set(mode: GateMode): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP gate in front of the real server on loopback: the browser's way to the shop, which a test closes the way a
 * shopper's connection fails (docs/testing.md "Every engine"). Nothing in the app or the server knows it is there.
 */
export async function startServerGate(target: string): Promise<ServerGate> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let mode: GateMode = 'open';
  let server: Server | null = null;
  let port = 0;

  const listen = async () => {
    const s = createServer((client) => {
      sockets.add(client);
      client.on('close', () => sockets.delete(client));
      client.on('error', () => client.destroy());
      if (mode === 'hung') return; // accepted, never answered
      const upstream = connect(Number(targetPort), hostname);
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.address() as { port: number }).port;
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise((resolve) => s.close(resolve));
  };

  await listen();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async set(next) {
      await stop();
      mode = next;
      if (next !== 'refused') await listen();
    },
    close: stop,
  };
}
