import type { Envelope } from '../../contract/envelope.ts';
import { SHOP_VERSION_HEADER } from '../../domain/shop-version.ts';
import { NetworkError, ResponseFormatError, BAD_CONTENT_TYPE, WRONG_RESPONSE_FORMAT } from './errors.ts';

export interface RequestOptions {
  body?: unknown;
  /** Added to the URL; undefined values are dropped (token and cartId travel here, spec 000 §6). */
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface HttpClient {
  readonly baseUrl: string;
  /** Resolves with the envelope for any HTTP status; rejects with NetworkError or ResponseFormatError. */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<Envelope<T>>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  /** The version the server named in its latest answer (docs/api.md "Versions"); null before the first answer. */
  serverVersion(): string | null;
}

export interface HttpClientOptions {
  /** Origin + optional prefix, e.g. 'http://127.0.0.1:3000' or '' for same origin. */
  baseUrl: string;
  /** Spec 000 §9: client timeout 5000 ms. */
  timeoutMs?: number;
  /** When it returns false the request fails at once with NetworkError('OFFLINE') instead of waiting. */
  isOnline?: () => boolean;
  fetch?: typeof fetch;
  /** This build's version, sent with every request (docs/api.md "Versions"). */
  appVersion?: string;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const defaultTimeout = options.timeoutMs ?? 5_000;
  const versionHeader: Record<string, string> = options.appVersion ? { [SHOP_VERSION_HEADER]: options.appVersion } : {};
  let serverVersion: string | null = null;

  async function request<T>(method: string, path: string, req: RequestOptions = {}): Promise<Envelope<T>> {
    if (options.isOnline && !options.isOnline()) throw new NetworkError('The device is offline', 'OFFLINE');
    const url = buildUrl(options.baseUrl, path, req.query);
    const controller = new AbortController();
    const timeoutMs = req.timeoutMs ?? defaultTimeout;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers: {
            accept: 'application/json',
            ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...versionHeader,
            ...req.headers,
          },
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal: controller.signal,
        });
      } catch (error) {
        if (timedOut) throw new NetworkError(`No answer within ${timeoutMs} ms`, 'ETIMEDOUT');
        throw new NetworkError(error instanceof Error ? error.message : String(error), 'ENETWORK');
      }
      serverVersion = response.headers.get(SHOP_VERSION_HEADER) ?? serverVersion;
      const contentType = response.headers.get('content-type') ?? '';
      if (!contentType.includes('json')) {
        await response.body?.cancel();
        throw new ResponseFormatError(BAD_CONTENT_TYPE, response.status);
      }
      let text: string;
      try {
        text = await response.text();
      } catch {
        if (timedOut) throw new NetworkError(`No answer within ${timeoutMs} ms`, 'ETIMEDOUT');
        throw new NetworkError('The connection closed while reading the answer', 'ENETWORK');
      }
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        throw new ResponseFormatError(WRONG_RESPONSE_FORMAT, response.status);
      }
      if (!body || typeof body !== 'object' || !('code' in body)) {
        throw new ResponseFormatError(WRONG_RESPONSE_FORMAT, response.status);
      }
      const envelope = body as Envelope<T>;
      return {
        code: Number(envelope.code),
        result: envelope.result,
        ...(envelope.meta ? { meta: envelope.meta } : {}),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    baseUrl: options.baseUrl,
    request,
    get: (path, req) => request('GET', path, req),
    post: (path, body, req) => request('POST', path, { ...req, body }),
    serverVersion: () => serverVersion,
  };
}

function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  let url = base.replace(/\/$/, '') + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}
