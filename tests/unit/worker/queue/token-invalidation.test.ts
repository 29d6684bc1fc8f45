import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '../../../../schemas/index.ts';
import { TaskQueue, type QueueHooks } from '../../../../worker/queue/task-queue.ts';
import { sleep } from '../../../../worker/sleep.ts';
import { TOKEN_REFRESH_FAILED_MESSAGE, LOCK_FAILED, LOCK_FREE } from '../../../../worker/queue/token-lock.ts';
import type { Envelope } from '../../../../worker/queue/types.ts';
import { openTestDatabase } from '../support/db.ts';
import { answerOk, hooks, scriptedTransport, type Answer, type Sent } from '../support/scripted-queue.ts';

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
        headers: { 'x-payload-version': '1' },
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
