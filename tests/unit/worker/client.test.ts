import * as Comlink from 'comlink';
import { afterEach, describe, expect, test } from 'vitest';
import { countingEndpoint, workerSettled } from '../../../worker/client.ts';

let channel: MessageChannel | undefined;
afterEach(() => {
  channel?.port1.close();
  channel?.port2.close();
});

/** A stand-in for the worker's API over a real MessageChannel: a command that takes `ms` to answer. */
function slowApi() {
  channel = new MessageChannel();
  const answered: number[] = [];
  Comlink.expose(
    {
      command: (ms: number) =>
        new Promise<number>((resolve) =>
          setTimeout(() => {
            answered.push(ms);
            resolve(ms);
          }, ms),
        ),
    },
    channel.port1,
  );
  const remote = Comlink.wrap<{ command(ms: number): Promise<number> }>(countingEndpoint(channel.port2));
  return { remote, answered };
}

/** A page reloading onto a new service worker waits for its commands first (docs/offline-and-storage.md "The installable shop (PWA)"). */
describe('workerSettled', () => {
  test('with no call in flight it resolves at once', async () => {
    slowApi();
    const started = Date.now();
    await workerSettled(5_000);
    expect(Date.now() - started).toBeLessThan(50);
  });

  test('waits until every call in flight has its answer', async () => {
    const { remote, answered } = slowApi();
    void remote.command(100);
    void remote.command(250);
    await workerSettled(5_000);
    expect(answered).toEqual([100, 250]);
  });

  test('gives up after its limit when a call does not answer in time', async () => {
    const { remote, answered } = slowApi();
    const late = remote.command(2_000);
    const started = Date.now();
    await workerSettled(150);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(answered).toEqual([]);
    await late;
  });
});
