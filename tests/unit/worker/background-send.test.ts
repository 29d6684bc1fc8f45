// the device database is the one the service worker opens: Dexie on the global IndexedDB, here fake-indexeddb's
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { sendOutboxInBackground } from '../../../worker/background-send.ts';
import { openDeviceDatabase } from '../../../worker/db/device-database.ts';
import { TaskQueue } from '../../../worker/queue/task-queue.ts';
import { hooks } from './support/scripted-queue.ts';

const URL_OF_TASK = '/api/ext/newsletter/subscribe';
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Puts one task in the store's outbox, as a tab that went offline leaves it. */
async function queueOneTask(): Promise<void> {
  const { db } = await openDeviceDatabase('nl');
  const queue = new TaskQueue({
    collection: db.sync_tasks,
    transport: () => Promise.reject(new Error('offline')),
    notify: () => undefined,
    emit: () => undefined,
  });
  queue.bind(hooks().h);
  queue.online = false;
  await queue.enqueue({ kind: 'newsletter', url: URL_OF_TASK, payload: { email: 'klant@example.nl' } });
  queue.stop();
  await db.close();
}

async function waitingTasks(): Promise<string[]> {
  const { db } = await openDeviceDatabase('nl');
  try {
    return (await db.sync_tasks.find().exec()).filter((t) => !t.transmited).map((t) => t.url);
  } finally {
    await db.close();
  }
}

describe('Background Sync send (docs/sync-engine.md "Background Sync")', () => {
  // A new version of the app takes over only once the old service worker's events have ended: the update toast's OK
  // asks the running version to end a send the server holds open (src/app/register-sw.ts, STOP_BACKGROUND_SEND).
  it('a send the server holds open ends at once when a new version takes over, and its task stays in the outbox', async () => {
    await queueOneTask();
    const asked: string[] = [];
    let requested = () => undefined as void;
    const sending = new Promise<void>((resolve) => (requested = resolve));
    // the server takes each request (the send's first: a cart for the store) and does not answer until the client
    // gives up
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(String(input));
      requested();
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }) as typeof fetch;

    const send = sendOutboxInBackground('nl', true);
    await sending;
    expect(asked[0]).toContain('/api/');
    const stoppedAt = performance.now();
    send.stop();
    await expect(send.done).resolves.toBe('not-sent');
    // without the stop it would hold the service worker's event for up to BACKGROUND_SEND_BUDGET_MS (60 s)
    expect(performance.now() - stoppedAt).toBeLessThan(2_000);
    globalThis.fetch = realFetch;
    expect(await waitingTasks()).toEqual([URL_OF_TASK]);
  });
});
