import { Worker } from 'node:worker_threads';

export interface TimedRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sent to set the scene (a page the shopper saw before), not counted. */
  untimed?: boolean;
}

// The client runs on a thread of its own: in the server's thread, its work queued behind the server's and counted as
// the server's latency. It asks for compression as a browser does and reads the bytes without decoding them: fetch
// decodes through a zlib stream, which cost ~1 ms a 28 KB answer here, where a browser decodes in its network stack.
const CLIENT = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function send({ url, method = 'GET', headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
(async () => {
  const { requests, warmup } = workerData;
  const times = [];
  for (let i = 0; i < requests.length; i++) {
    const t0 = performance.now();
    const status = await send(requests[i]);
    if (status !== 200) throw new Error(requests[i].url + ' answered ' + status);
    if (i >= warmup && !requests[i].untimed) times.push(performance.now() - t0);
  }
  agent.destroy();
  parentPort.postMessage(times);
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/**
 * Milliseconds per request, sorted, of `requests` sent one after another from a client thread (one connection, so
 * each is per-request latency, not queueing); the first `warmup` ones (caches, JIT) and the untimed ones are not
 * counted.
 */
export function timeRequests(requests: TimedRequest[], warmup: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { requests, warmup } });
    worker.once('message', (answer: number[] | { error: string }) => {
      void worker.terminate();
      if (Array.isArray(answer)) resolve(answer.sort((a, b) => a - b));
      else reject(new Error(answer.error));
    });
    worker.once('error', reject);
  });
}
