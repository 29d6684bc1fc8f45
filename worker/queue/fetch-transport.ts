import { NetworkError, type Envelope, type Transport } from './types.ts';

/**
 * The queue's transport over fetch. Only "no answer" becomes a NetworkError; any HTTP answer is returned as the
 * envelope (a non-JSON answer is reported with the spec's texts, spec 000 §5).
 */
export function createFetchTransport(baseUrl: string, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): Transport {
  const doFetch = options.fetch ?? fetch;
  return async ({ method, url, body }) => {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(baseUrl + url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      text = await res.text();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new NetworkError(`${method} ${url.split('?')[0]}: no answer`, code);
    }
    if (!(res.headers.get('content-type') ?? '').includes('json')) {
      return { code: res.status, result: 'Error with response - bad content-type!' };
    }
    if (!text) return { code: res.status, result: 'Unhandled error, wrong response format!' };
    try {
      return JSON.parse(text) as Envelope;
    } catch {
      return { code: res.status, result: 'Unhandled error, wrong response format!' };
    }
  };
}
