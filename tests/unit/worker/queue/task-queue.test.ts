import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '../../../../schemas/index.ts';
import { TaskQueue, MISSING_CART_ID_LOG, sleep, type QueueHooks } from '../../../../worker/queue/task-queue.ts';
import { TOKEN_REFRESH_FAILED_MESSAGE, LOCK_FAILED, LOCK_FREE } from '../../../../worker/queue/token-lock.ts';
import { NetworkError } from '../../../../worker/http/errors.ts';
import type { Envelope, Transport } from '../../../../worker/queue/types.ts';
import { openTestDatabase } from '../support/db.ts';

interface Sent {
  method: string;
  url: string;
  body?: unknown;
}

/** What the scripted server answers to the n-th request. */
type Answer = (req: Sent, n: number) => Promise<Envelope> | Envelope;
const answerOk: Answer = () => ({ code: 200, result: 'ok' });

/** The network edge: answers are scripted per test; everything else (RxDB, the queue) is real. */
function scriptedTransport(answer: Answer) {
  const sent: Sent[] = [];
  const transport: Transport = async (req) => {
    sent.push(req);
    return answer(req, sent.length);
  };
  return { sent, transport };
}

function hooks(over: Partial<QueueHooks> = {}) {
  const state = {
    token: 'user-token' as string | null,
    cartId: 'cart-1' as string | null,
    logouts: [] as boolean[],
    refreshes: 0,
  };
  const h: QueueHooks = {
    userToken: () => state.token,
    cartId: () => state.cartId,
    autoRefresh: () => true,
    refreshUserToken: async () => {
      state.refreshes += 1;
      state.token = 'fresh-token';
      return true;
    },
    logout: async ({ silent }) => {
      state.logouts.push(silent);
      state.token = null;
    },
    recreateCart: async () => {
      state.cartId = 'cart-2';
    },
    ...over,
  };
  return { state, h };
}

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

describe('token invalidation (spec 000 §4)', () => {
  let db: ShopDatabase;
  const events: string[] = [];
  beforeEach(async () => {
    db = await openTestDatabase();
    events.length = 0;
  });
  afterEach(async () => {
    await db.remove();
  });

  /** A queue bound to fresh hooks (`state`, with `over` in place) whose server gives `answer`; `sent` lists what it sent. */
  function makeQueue(answer: Answer = answerOk, { hooks: over }: { hooks?: Partial<QueueHooks> } = {}) {
    const { sent, transport } = scriptedTransport(answer);
    const q = new TaskQueue({
      collection: db.sync_tasks,
      transport,
      notify: () => undefined,
      emit: (...[name]) => void events.push(name),
      log: () => undefined,
      retryWaitMs: 20,
    });
    const { state, h } = hooks(over);
    q.bind(h);
    return { q, sent, state };
  }

  const unauthorizedForOldToken = (req: Sent): Envelope =>
    req.url.includes('token=user-token') ? { code: 401, result: 'unauthorized' } : { code: 200, result: 'ok' };

  it('a 401 with a user token and auto refresh on takes the lock, refreshes, and retries the task once', async () => {
    const { q, sent, state } = makeQueue(unauthorizedForOldToken, {
      hooks: {
        refreshUserToken: async () => {
          expect(q.lock.held).toBe(true);
          state.refreshes += 1;
          state.token = 'fresh-token';
          return true;
        },
      },
    });
    await q.enqueue({ kind: 'user-me', url: '/api/ext/shop/user/me?token={{token}}' });
    await q.whenIdle(2000);
    expect(state.refreshes).toBe(1);
    expect(sent.map((s) => s.url)).toEqual([
      '/api/ext/shop/user/me?token=user-token',
      '/api/ext/shop/user/me?token=fresh-token',
    ]);
    expect(q.lock.lock).toBe(LOCK_FREE);
    expect(q.lock.attemptCount).toBe(0);
    q.stop();
  });

  it('a failed refresh sets the lock to failed, logs out silently, clears untransmitted tasks and opens the signup modal', async () => {
    const { q, state } = makeQueue(() => ({ code: 401, result: 'unauthorized' }), {
      hooks: { refreshUserToken: async () => false },
    });
    q.online = false;
    await q.enqueue({ kind: 'user-me', url: '/api/ext/shop/user/me?token={{token}}' });
    await q.enqueue({ kind: 'cart-update', url: '/api/ext/shop/cart/update?token={{token}}&cartId={{cartId}}' });
    q.setOnline(true);
    await q.whenIdle(2000);
    expect(q.lock.lock).toBe(LOCK_FAILED);
    expect(state.logouts).toEqual([true]);
    expect(events).toEqual(['open-signup-modal']);
    expect(await q.pending()).toEqual([]);
    q.stop();
  });

  it('with auto refresh off the user is logged out and the signup modal opens', async () => {
    const { q, state } = makeQueue(() => ({ code: 401, result: 'unauthorized' }), {
      hooks: { autoRefresh: () => false },
    });
    await q.enqueue({ kind: 'user-me', url: '/api/ext/shop/user/me?token={{token}}' });
    await q.whenIdle(2000);
    expect(state.refreshes).toBe(0);
    expect(state.logouts).toEqual([false]);
    expect(events).toEqual(['open-signup-modal']);
    q.stop();
  });

  it('while the lock is held tasks wait the retry time and are tried again', async () => {
    const { q, sent } = makeQueue();
    q.lock.take(Date.now());
    q.lock.attemptCount = 0;
    await q.enqueue({ kind: 'x', url: '/api/x?token={{token}}' });
    await q.process();
    expect(sent).toHaveLength(0);
    q.lock.reset();
    await q.whenIdle(2000);
    expect(sent).toHaveLength(1);
    q.stop();
  });

  it("a failed lock aborts tasks with code 401 and 'Error refreshing user token. User is not authorized to access the resource'", async () => {
    const { q, sent } = makeQueue();
    const results: unknown[] = [];
    q.on('user-me', (task) => {
      results.push([task.code, task.result]);
    });
    q.lock.fail();
    await q.enqueue({ kind: 'user-me', url: '/api/ext/shop/user/me?token={{token}}' });
    await q.whenIdle(2000);
    expect(sent).toHaveLength(0);
    expect(results).toEqual([[401, TOKEN_REFRESH_FAILED_MESSAGE]]);
    q.stop();
  });

  it('after the failed lock logged the user out, the guest that follows is not aborted (the cart syncs as a guest)', async () => {
    const { q, sent, state } = makeQueue();
    state.token = null;
    q.lock.fail();
    await q.enqueue({ kind: 'cart-update', url: '/api/ext/shop/cart/update?token={{token}}&cartId={{cartId}}' });
    await q.whenIdle(2000);
    expect(sent.map((r) => r.url)).toEqual(['/api/ext/shop/cart/update?token=&cartId=cart-1']);
    q.stop();
  });

  it('a refresh that worked is followed by a full reset once the token is accepted, also when the answer is a 404', async () => {
    const { q } = makeQueue((req) =>
      req.url.includes('token=user-token') ? { code: 401, result: 'unauthorized' } : { code: 404, result: 'not here' },
    );
    await q.enqueue({ kind: 'cart-delete', url: '/api/ext/shop/cart/delete?token={{token}}&cartId={{cartId}}' });
    await q.whenIdle(2000);
    // a later expiry of the new token is a new refresh, not the failed retry of this one
    expect(q.lock.attemptCount).toBe(0);
    q.stop();
  });

  it('a direct read refused for an expired token refreshes once and is sent again with the new token', async () => {
    const { q, sent, state } = makeQueue(unauthorizedForOldToken);
    const [a, b] = await Promise.all([
      q.execute({ url: '/api/ext/shop/cart/pull?token={{token}}&cartId={{cartId}}' }),
      q.execute({ url: '/api/ext/shop/cart/totals?token={{token}}&cartId={{cartId}}' }),
    ]);
    expect([a.code, b.code]).toEqual([200, 200]);
    // both found the token refused; the refresh token rotates on use, so they share one refresh
    expect(state.refreshes).toBe(1);
    expect(sent.filter((r) => r.url.includes('fresh-token'))).toHaveLength(2);
    q.stop();
  });

  it('pause() waits for the task on its way and sends nothing until released', async () => {
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    let sending!: () => void;
    const onItsWay = new Promise<void>((r) => (sending = r));
    const { q, sent } = makeQueue(async (_req, n) => {
      if (n === 1) {
        sending();
        await answered;
      }
      return { code: 200, result: 'ok' };
    });
    await q.enqueue({ kind: 'x', url: '/api/one' });
    // the first task is sent (under load a fixed sleep could pause the queue before it started)
    await onItsWay;
    let paused = false;
    const pausing = q.pause().then((resume) => {
      paused = true;
      return resume;
    });
    await sleep(30);
    expect(paused).toBe(false); // the first task is still on its way
    release();
    const resume = await pausing;
    await q.enqueue({ kind: 'x', url: '/api/two' });
    await q.process();
    await sleep(50);
    expect(sent.map((r) => r.url)).toEqual(['/api/one']);
    resume();
    await q.whenIdle(2000);
    expect(sent.map((r) => r.url)).toEqual(['/api/one', '/api/two']);
    q.stop();
  });

  it('a request built for one cart is never sent to another: the cart changed while preparing, it is built again', async () => {
    const { q, sent, state } = makeQueue();
    const builtFor: Array<string | null> = [];
    q.on('cart-update', () => undefined, {
      prepare: async () => {
        builtFor.push(state.cartId);
        // a login switches the cart while the first build is under way
        if (builtFor.length === 1) state.cartId = 'account-cart';
        return { payload: { quoteId: builtFor[builtFor.length - 1] } };
      },
    });
    await q.enqueue({ kind: 'cart-update', url: '/api/ext/shop/cart/update?token={{token}}&cartId={{cartId}}' });
    await q.whenIdle(2000);
    expect(builtFor).toEqual(['cart-1', 'account-cart']);
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/ext/shop/cart/update?token=user-token&cartId=account-cart',
        body: { quoteId: 'account-cart' },
      },
    ]);
    q.stop();
  });

  it('the lock resets to 0; a full reset clears the lock, the invalidated marker and the attempt count', () => {
    const { q } = makeQueue();
    q.lock.take(1234);
    q.lock.reset();
    expect([q.lock.lock, q.lock.invalidated, q.lock.attemptCount]).toEqual([0, 1234, 1]);
    q.lock.fail();
    q.lock.fullReset();
    expect([q.lock.lock, q.lock.invalidated, q.lock.attemptCount]).toEqual([0, null, 0]);
  });
});
