import type { HttpClient } from '../http/client.ts';
import { NetworkError, ResponseFormatError } from '../http/errors.ts';
import type { Transport } from './types.ts';

/**
 * The queue's transport over the worker's JSON client. "No answer" is the client's NetworkError (the task stays
 * queued); a non-envelope answer is reported with the spec's text as the result (spec 000 §5), except a 5xx, which is
 * treated like no answer (a proxy or server that fell over).
 */
export function httpTransport(http: HttpClient): Transport {
  return async ({ method, url, body, headers }) => {
    try {
      return await http.request(method, url, {
        ...(body === undefined ? {} : { body }),
        ...(headers ? { headers } : {}),
      });
    } catch (error) {
      if (error instanceof ResponseFormatError) {
        if (error.status >= 500) throw new NetworkError(error.message, 'ENETWORK');
        return { code: error.status, result: error.message };
      }
      throw error;
    }
  };
}
