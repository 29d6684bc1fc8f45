import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

/**
 * One test server for the enclosing describe block (or file): started before its tests and closed after them.
 * `started` runs once it is up, to keep it and read what the tests need from it (SKUs, shipping methods).
 */
export function useTestServer(
  options: TestServerOptions,
  started: (server: TestServer) => void | Promise<void>,
  startTimeoutMs = 120_000,
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
    await started(server);
  }, startTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });
}
