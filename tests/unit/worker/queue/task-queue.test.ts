import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '../../../../schemas/index.ts';
import { TaskQueue, MISSING_CART_ID_LOG, type QueueHooks } from '../../../../worker/queue/task-queue.ts';
import { sleep } from '../../../../worker/sleep.ts';
import { NetworkError } from '../../../../worker/http/errors.ts';
import { openTestDatabase } from '../support/db.ts';
import { answerOk, hooks, scriptedTransport, type Answer } from '../support/scripted-queue.ts';

describe('task queue (spec 000 §4 "Cart item sync task")', () => {
  let db: ShopDatabase;
  const notes: { type: string; messageKey: string }[] = [];
  const events: string[] = [];
  const logs: string[] = [];
  beforeEach(async () => {
    db = await openTestDatabase();
    notes.length = 0;
    events.length = 0;
    logs.length = 0;
  });
  afterEach(async () => {
    await db.remove();
  });

  /** A queue bound to fresh hooks (`state`) whose server gives `answer`; `sent` lists what it sent. */
  function makeQueue(answer: Answer = answerOk, extra: { isLeader?: () => boolean; hooks?: Partial<QueueHooks> } = {}) {
    const { hooks: hookOverrides, ...options } = extra;
    const { sent, transport } = scriptedTransport(answer);
    const q = new TaskQueue({
      collection: db.sync_tasks,
      transport,
      notify: (n) => notes.push(n),
      emit: (...[name]) => void events.push(name),
      log: (m) => logs.push(m),
      retryWaitMs: 20,
      ...options,
    });
    const { state, h } = hooks(hookOverrides);
    q.bind(h);
    return { q, sent, state };
  }

  it('a task is queued as not transmitted', async () => {
    const { q } = makeQueue();
    q.online = false;
    await q.enqueue({ kind: 'x', url: '/api/x' });
    const rows = await db.sync_tasks.find().exec();
    expect(rows.map((r) => r.transmited)).toEqual([false]);
    q.stop();
  });

  it('tasks run only while online, and going online processes the queue', async () => {
    const { q, sent } = makeQueue();
    q.setOnline(false);
    await q.enqueue({ kind: 'x', url: '/api/a' });
    await q.enqueue({ kind: 'x', url: '/api/b' });
    await q.process();
    expect(sent).toHaveLength(0);
    q.setOnline(true);
    expect(await q.whenIdle(2000)).toBe(true);
    expect(sent.map((s) => s.url)).toEqual(['/api/a', '/api/b']);
    q.stop();
  });

  it('only the leader tab runs the queue, so two tabs never send the same task', async () => {
    let leader = false;
    const { q, sent } = makeQueue(answerOk, { isLeader: () => leader });
    await q.enqueue({ kind: 'x', url: '/api/a' });
    await q.process();
    expect(sent).toHaveLength(0);
    leader = true;
    await q.process();
    expect(sent).toHaveLength(1);
    q.stop();
  });

  it('a task queued in a tab that is not the leader is sent by the leader tab', async () => {
    const { q: follower } = makeQueue(answerOk, { isLeader: () => false });
    const { q: leader, sent } = makeQueue(answerOk, { isLeader: () => true });
    await follower.enqueue({ kind: 'x', url: '/api/from-other-tab' });
    // no explicit process() on the leader: the insert event alone makes it send
    for (let i = 0; i < 40 && sent.length === 0; i++) await sleep(25);
    expect(sent.map((s) => s.url)).toEqual(['/api/from-other-tab']);
    follower.stop();
    leader.stop();
  });

  it('one task never runs twice concurrently', async () => {
    const { q, sent } = makeQueue(async () => {
      await sleep(30);
      return { code: 200, result: 'ok' };
    });
    q.online = false;
    for (let i = 0; i < 5; i++) await q.enqueue({ kind: 'x', url: `/api/${i}` });
    q.online = true;
    await Promise.all([q.process(), q.process(), q.process(), q.whenIdle(2000)]);
    expect(sent.map((s) => s.url)).toEqual(['/api/0', '/api/1', '/api/2', '/api/3', '/api/4']);
    q.stop();
  });

  it('on response the task is marked transmitted with result and code, then acknowledged false until its handler ran', async () => {
    const { q } = makeQueue(() => ({ code: 200, result: { item_id: 7 } }));
    const seen: unknown[] = [];
    q.on(
      'cached',
      async (task) => {
        const row = await db.sync_tasks.findOne(task.task_id).exec();
        seen.push({
          transmited: row?.transmited,
          code: row?.code,
          result: row?.result,
          ack: q.unacknowledged.has(task.task_id),
        });
      },
      { cacheable: true },
    );
    await q.enqueue({ kind: 'cached', url: '/api/x' });
    await q.whenIdle(2000);
    expect(seen).toEqual([{ transmited: true, code: 200, result: { item_id: 7 }, ack: true }]);
    q.stop();
  });

  it('cacheable results stay stored; others are removed', async () => {
    const { q } = makeQueue();
    await q.enqueue({ kind: 'keep', url: '/api/keep', cacheable: true });
    await q.enqueue({ kind: 'drop', url: '/api/drop' });
    await q.whenIdle(2000);
    const rows = await db.sync_tasks.find().exec();
    expect(rows.map((r) => [r.kind, r.transmited, r.code])).toEqual([['keep', true, 200]]);
    q.stop();
  });

  it('a missing cart id blocks the task and the cart is recreated (spec 000 §8 log message)', async () => {
    const { q, sent, state } = makeQueue();
    state.cartId = null;
    await q.enqueue({ kind: 'cart-update', url: '/api/ext/shop/cart/update?token={{token}}&cartId={{cartId}}' });
    expect(await q.whenIdle(2000)).toBe(true);
    expect(logs[0]).toBe(
      MISSING_CART_ID_LOG.replace('{url}', '/api/ext/shop/cart/update?token={{token}}&cartId={{cartId}}'),
    );
    expect(logs[0]).toContain('the required cartId argument is null. Re-creating shopping cart synchro.');
    expect(sent.map((s) => s.url)).toEqual(['/api/ext/shop/cart/update?token=user-token&cartId=cart-2']);
    q.stop();
  });

  it('no answer (dropped request or response) and 5xx keep the task queued and retry it', async () => {
    const { q, sent } = makeQueue((_req, n) => {
      if (n === 1) throw new NetworkError('dropped', 'ENETWORK');
      if (n === 2) return { code: 500, result: 'boom' };
      return { code: 200, result: 'ok' };
    });
    await q.enqueue({ kind: 'x', url: '/api/x' });
    expect(await q.whenIdle(2000)).toBe(true);
    expect(sent).toHaveLength(3);
    q.stop();
  });

  it('server messages are shown as error notifications unless the task is silent', async () => {
    const { q } = makeQueue(() => ({ code: 400, result: 'body.cartItem.qty must be integer' }));
    await q.enqueue({ kind: 'x', url: '/api/x' });
    await q.enqueue({ kind: 'x', url: '/api/y', silent: true });
    await q.whenIdle(2000);
    expect(notes).toEqual([{ type: 'danger', messageKey: 'body.cartItem.qty must be integer' }]);
    q.stop();
  });
});
