import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Requests a user token serves before the proxy may let it expire. */
const TOKEN_USES_BEFORE_EXPIRY = 5;

export type Fault = 'none' | 'drop-request' | 'drop-response' | 'unauthorized' | 'cart-gone' | 'server-error' | 'delay';

export interface FaultProxyOptions {
  target: string;
  /** Deletes the server cart for real (the 404 "cart gone" fault). */
  deleteCart: (cartId: string) => Promise<void>;
}

/**
 * An HTTP proxy between the worker's client and the real server. While `faultRate` > 0 each request draws a fault
 * from the seeded generator: the request is dropped before the server sees it, or the response is dropped AFTER the
 * server applied it, or the answer is a 401 (the user token expires: every later request carrying it is refused too),
 * a real 404 (the cart is deleted in the database first), a gateway 500, or a delay. `offline` refuses every
 * connection.
 */
export class FaultProxy {
  offline = false;
  faultRate = 0;
  random: () => number = Math.random;
  readonly counts: Record<Fault, number> = {
    'none': 0,
    'drop-request': 0,
    'drop-response': 0,
    'unauthorized': 0,
    'cart-gone': 0,
    'server-error': 0,
    'delay': 0,
  };
  /** The cart id of the last request made with a user token: the cart of the logged-in session. */
  lastUserCartId: string | null = null;
  /** A test's own fault for a request (e.g. lose the answer to one call): drawn instead when it returns one. */
  pick: ((request: { method: string; url: URL }) => Fault | undefined) | null = null;
  /** Told of every fault drawn (a failing seed's trace shows them between the requests). */
  onFault: (line: string) => void = () => undefined;
  private server: http.Server;
  private readonly used = new Map<string, number>();
  private readonly expired = new Set<string>();
  private target: URL;

  constructor(private readonly o: FaultProxyOptions) {
    this.target = new URL(o.target);
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private draw(url: URL): Fault {
    const token = url.searchParams.get('token');
    // an expired token stays expired, as on a real server
    if (token && this.expired.has(token)) return 'unauthorized';
    if (this.faultRate <= 0 || this.random() >= this.faultRate) return 'none';
    // the refresh token rotates on use; its loss is the spec's logout path, not a cart fault (see the test's notes)
    if (url.pathname.startsWith('/api/ext/shop/user/')) return 'none';
    const faults: Fault[] = ['drop-request', 'drop-response', 'server-error', 'delay'];
    // only a token that has served a while can expire: a token fresh from a refresh is valid (refused at once, the
    // spec gives up after one refresh and logs out, which is not the network misbehaving)
    if (token && (this.used.get(token) ?? 0) >= TOKEN_USES_BEFORE_EXPIRY) faults.push('unauthorized');
    if (url.searchParams.get('cartId')) faults.push('cart-gone');
    return faults[Math.floor(this.random() * faults.length)];
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (this.offline) {
      req.socket.destroy();
      return;
    }
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', this.target);
    const fault = this.pick?.({ method: req.method ?? 'GET', url }) ?? this.draw(url);
    this.counts[fault] += 1;
    const token = url.searchParams.get('token');
    if (token && fault === 'unauthorized') this.expired.add(token);
    else if (token) this.used.set(token, (this.used.get(token) ?? 0) + 1);
    if (token && url.searchParams.get('cartId')) this.lastUserCartId = url.searchParams.get('cartId');
    if (fault !== 'none') this.onFault(`${fault} ${req.method} ${url.pathname}${url.search}`);
    switch (fault) {
      case 'drop-request':
        req.socket.destroy();
        return;
      case 'unauthorized':
        return json(res, 401, { code: 401, result: 'Je sessie is verlopen. Log opnieuw in.' });
      case 'server-error':
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
        return;
      case 'cart-gone':
        await this.o.deleteCart(url.searchParams.get('cartId')!);
        break;
      case 'delay':
        await new Promise((r) => setTimeout(r, Math.floor(this.random() * 40)));
        break;
      default:
        break;
    }
    let upstream: Response;
    try {
      upstream = await fetch(url, {
        method: req.method,
        headers: req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {},
        body: body.length && req.method !== 'GET' ? new Uint8Array(body) : undefined,
      });
    } catch {
      req.socket.destroy();
      return;
    }
    const text = await upstream.text();
    if (fault === 'drop-response') {
      req.socket.destroy();
      return;
    }
    res
      .writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' })
      .end(text);
  }
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
