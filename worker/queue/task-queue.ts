import type { RxCollection } from 'rxdb';
import { Subject } from 'rxjs';
import type { SyncTaskDoc } from '../../schemas/index.ts';
import { resolveTaskUrl, needsCartId, usesUserToken } from './task-url.ts';
import { TaskRetry, type TaskLane } from './task-retry.ts';
import { TokenLock, TOKEN_REFRESH_FAILED_MESSAGE } from './token-lock.ts';
import { TokenRefresh, type TokenSession } from './token-refresh.ts';
import type { EmitWorkerEvent } from '../events.ts';
import { NetworkError } from '../http/errors.ts';
import type { Envelope, Notify, Task, TaskBatch, TaskHandler, TaskInput, TaskPreparer, Transport } from './types.ts';
import { removeAll } from '../db/rx-helpers.ts';
import { sleep } from '../sleep.ts';
import { answersOf, batchFrom, prepareSend } from './task-batch.ts';
import { TaskAnswers } from './task-answers.ts';
import { TaskVersions, type KindPayloadVersions } from './task-versions.ts';
import { PAYLOAD_VERSION_HEADER } from '../../domain/payload-version.ts';

/** The answer a task gets when its user token could not be refreshed (spec 000 §4 "Token invalidation"). */
const tokenRefused = (): Envelope => ({ code: 401, result: TOKEN_REFRESH_FAILED_MESSAGE });

export const MISSING_CART_ID_LOG =
  'Error executing sync task {url} the required cartId argument is null. Re-creating shopping cart synchro.';

/** What the queue needs from the session and the cart; bound late because those modules use the queue too. */
export interface QueueHooks extends TokenSession {
  cartId(): string | null;
  /** The cart must be re-created: a queued task needs a cart id and there is none. */
  recreateCart(): Promise<void>;
  /**
   * False while the cart is not ready for cart tasks (a login merge not yet written): the task waits. The hook may
   * start the missing work, but must not wait for the queue (it is called from inside a drain).
   */
  cartReady?(): Promise<boolean>;
}

export interface TaskQueueOptions {
  collection: RxCollection<SyncTaskDoc>;
  transport: Transport;
  notify: Notify;
  /** Raises the token refresh's 'open-signup-modal' (spec 000 §4 "Token invalidation"). */
  emit: EmitWorkerEvent;
  log?: (message: string) => void;
  isLeader?: () => boolean;
  retryWaitMs?: number;
  now?: () => number;
  /** Told of every task the server refused (4xx) or that was set aside, by reason: `<kind>-<code>`, `<kind>-set-aside`. */
  onRejected?: (reason: string) => void;
  /** Told when a drain ends (the outbox report follows what is left). */
  onDrained?: () => void;
}

/**
 * `retry-later`: the task waits for something (a token refresh, a login merge, a cart); `unreachable`: no answer, so
 * the network is down for every task; `server-error`: a 5xx for this task only, so only its lane waits.
 */
type Outcome = 'done' | 'retry-later' | 'blocked' | 'unreachable' | 'server-error';
/** `one-by-one`: a batch answered as a whole (no answer per task): its tasks go again, each alone. */
type BatchOutcome = Outcome | 'one-by-one';

/**
 * The persisted sync queue (spec 000 §4 "Cart item sync task"). Tasks run one at a time in creation order, only while
 * online and only in the leader tab; an answer is routed to the handler registered for the task's kind.
 * No answer (dropped request or response, offline) and 5xx keep the task queued: the outcome is unknown or transient,
 * so giving up would lose what the shopper did. Handlers therefore must tolerate a task that the server already applied.
 * Failed sends back off exponentially (capped, with jitter); a 5xx holds up only the task's lane, and a task answered
 * 5xx too often in a row is set aside for the session with a notice. A 4xx is an answer: its handler settles it by the
 * spec's failure rules.
 */
export class TaskQueue {
  readonly lock = new TokenLock();
  private readonly tokens: TokenRefresh;
  online = true;
  private hooks: QueueHooks | null = null;
  private readonly answers: TaskAnswers;
  private readonly versions = new TaskVersions();
  private preparers = new Map<string, TaskPreparer>();
  private batches = new Map<string, TaskBatch>();
  /** Tasks whose batch was answered as a whole or with a 5xx: sent alone from now on (this session). */
  private readonly alone = new Set<string>();
  private finalServerErrors = new Set<string>();
  private readonly retry: TaskRetry;
  private draining: Promise<void> | null = null;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private seq = 0;
  /** The task being sent right now (still untransmitted until its answer is handled); a batch's first task. */
  runningTaskId: string | null = null;
  /** Every task on its way (a batch's all): each still untransmitted until its answer is handled. */
  private readonly running = new Set<string>();
  /** A send has ended, answered or not: what `isRunning` says has changed (the outbox's count of waiting changes). */
  readonly sendEnded = new Subject<void>();
  private stopped = false;
  /** Open pause() holds: no task is sent while > 0. */
  private pauses = 0;

  private readonly inserts: { unsubscribe(): void };

  constructor(private readonly options: TaskQueueOptions) {
    this.answers = new TaskAnswers({
      collection: options.collection,
      notify: options.notify,
      lock: this.lock,
      onRejected: options.onRejected,
    });
    this.retry = new TaskRetry({
      retryWaitMs: options.retryWaitMs,
      notify: options.notify,
      log: (message) => this.log(message),
      onRejected: options.onRejected,
    });
    this.tokens = new TokenRefresh({
      lock: this.lock,
      session: () => this.requireHooks(),
      clearUntransmitted: () => this.clearUntransmitted(),
      emit: options.emit,
      now: () => this.now(),
    });
    // a task queued by another tab arrives here as an insert event: the leader sends it
    this.inserts = options.collection.insert$.subscribe(() => {
      if (this.isLeader()) void this.process();
    });
  }

  /** Tasks answered whose handler has not run yet (spec: "acknowledged false"). */
  get unacknowledged(): ReadonlySet<string> {
    return this.answers.unacknowledged;
  }

  bind(hooks: QueueHooks): void {
    this.hooks = hooks;
  }

  /**
   * `retryServerErrors: false` hands a 5xx to the handler as the answer (a profile update shows the server's failure);
   * by default a 5xx is transient and the task is retried.
   */
  on(
    kind: string,
    handler: TaskHandler,
    options: {
      cacheable?: boolean;
      prepare?: TaskPreparer;
      retryServerErrors?: boolean;
      lane?: TaskLane;
      /** Consecutive waiting tasks of this kind go as one request (types.ts TaskBatch). */
      batch?: TaskBatch;
      /** The kind's payload version and the rules that upgrade an older task's payload (task-versions.ts). */
      payloadVersions?: KindPayloadVersions;
    } = {},
  ): void {
    this.answers.handlers.set(kind, handler);
    if (options.payloadVersions) this.versions.declare(kind, options.payloadVersions);
    if (options.lane) this.retry.setLane(kind, options.lane);
    if (options.retryServerErrors === false) this.finalServerErrors.add(kind);
    if (options.cacheable) this.answers.cacheable.add(kind);
    if (options.prepare) this.preparers.set(kind, options.prepare);
    if (options.batch) this.batches.set(kind, options.batch);
  }

  /** The task is on its way: it has read what it sends, so a newer change needs a task of its own. */
  isRunning(taskId: string): boolean {
    return this.running.has(taskId);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private isLeader(): boolean {
    return this.options.isLeader ? this.options.isLeader() : true;
  }

  /** Persist a task as not transmitted, then try to send it. */
  async enqueue(input: TaskInput): Promise<Task> {
    if (input.cacheable) this.answers.cacheable.add(input.kind);
    const doc: SyncTaskDoc = {
      task_id: crypto.randomUUID(),
      url: input.url,
      method: input.method ?? 'POST',
      payload: input.payload,
      transmited: false,
      code: null,
      // creation order across tasks made within one millisecond
      created_at: this.now() * 100 + (this.seq++ % 100),
      attempts: 0,
      silent: input.silent ?? false,
      kind: input.kind,
      payload_version: input.payloadVersion ?? this.versions.current(input.kind),
    };
    await this.options.collection.insert(doc);
    void this.process();
    return doc;
  }

  /** The payload version a task of `kind` queued now gets (an order keeps it with its document). */
  payloadVersion(kind: string): number {
    return this.versions.current(kind);
  }

  async pending(): Promise<Task[]> {
    const docs = await this.options.collection
      .find({ selector: { transmited: false }, sort: [{ created_at: 'asc' }] })
      .exec();
    return docs.map((d) => d.toMutableJSON() as Task);
  }

  /** Spec 000 §8 "Offline": going online processes the queue. */
  setOnline(online: boolean): void {
    this.online = online;
    if (online) this.wake();
  }

  /**
   * Try what waits now rather than at the retry timer: the browser reports `online`, a tab became visible, this tab
   * became the leader. A waiting task is never left for the next local write (docs/sync-engine.md).
   */
  wake(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    void this.process();
  }

  /**
   * Stops sending tasks until the returned release is called, after the task on its way has been answered and handled.
   * For work that must see the server without the queue changing it meanwhile (the login merge). Never await it from
   * inside a task's handler or preparer: it waits for that very drain.
   */
  async pause(): Promise<() => void> {
    this.pauses += 1;
    while (this.draining) await this.draining;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.pauses -= 1;
      if (this.pauses === 0) void this.process();
    };
  }

  /** Drain the queue; concurrent callers share one run, so a task is never sent twice at once. */
  process(): Promise<void> {
    if (this.pauses > 0) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        await this.drainOnce();
      } while (this.again && !this.stopped);
    })()
      .catch((error) => {
        // a drain in flight when the worker stops finds its database closed; anything else is worth a log line
        if (!this.stopped) {
          this.log(`sync queue failed: ${error instanceof Error ? error.message : String(error)}`);
          this.scheduleRetry();
        }
      })
      .finally(() => {
        this.draining = null;
        if (!this.stopped) this.options.onDrained?.();
      });
    return this.draining;
  }

  private async drainOnce(): Promise<void> {
    if (!this.online || !this.isLeader() || this.stopped) return;
    const waiting = new Set<string>();
    const pending = await this.upgraded(await this.pending());
    for (let i = 0; i < pending.length; i++) {
      const task = pending[i];
      // leadership can pass mid-drain (docs/sync-engine.md "Leadership"): the next task is the new leader's
      if (!this.online || this.stopped || this.pauses > 0 || !this.isLeader()) return;
      const lane = this.retry.laneOf(task);
      if (this.retry.isSetAside(task) || waiting.has(lane)) continue;
      const batch = this.batches.get(task.kind);
      const tasks = batchFrom(pending, i, batch, (t) => this.alone.has(t.task_id) || this.retry.isSetAside(t));
      i += tasks.length - 1;
      this.runningTaskId = task.task_id;
      for (const t of tasks) this.running.add(t.task_id);
      const outcome = await this.send(tasks, tasks.length > 1 ? batch! : null).finally(() => {
        this.runningTaskId = null;
        this.running.clear();
        this.sendEnded.next();
      });
      if (outcome === 'done') {
        for (const t of tasks) this.retry.succeeded(t);
        continue;
      }
      if (outcome === 'one-by-one' || (outcome === 'server-error' && tasks.length > 1)) {
        // a whole batch refused or failed: its tasks go alone, each answered as the single call answers
        for (const t of tasks) this.alone.add(t.task_id);
        if (outcome === 'one-by-one') {
          this.again = true;
          return;
        }
      }
      if (outcome === 'server-error') {
        // the server failed this task: its lane waits (order matters within a lane), the other lanes go on
        this.retry.serverError(task);
        waiting.add(lane);
        continue;
      }
      if (outcome === 'unreachable') this.retry.unreachable();
      // waiting for a refresh or a merge, a blocked cart, or no network: everything after it waits too
      this.scheduleRetry();
      return;
    }
    if (waiting.size > 0) this.scheduleRetry();
  }

  /**
   * The waiting tasks with every payload older than its kind's brought up by the kind's rules, each stored at once
   * (docs/sync-engine.md "Payload versions"): a task is upgraded once, before it is sent.
   */
  private async upgraded(pending: Task[]): Promise<Task[]> {
    const upgrades = pending.map((task) => this.versions.upgrade(task));
    const changed = pending.filter((_, i) => upgrades[i] !== null);
    await this.answers.patchAll(changed, (task) => upgrades[pending.indexOf(task)]!);
    return pending.map((task, i) => (upgrades[i] ? { ...task, ...upgrades[i] } : task));
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.process();
    }, this.retry.nextWait());
  }

  /**
   * What a send to `url` waits for, a task's or a batch's alike: the cart (ready, and known: a missing one is created
   * again) and the token lock (`abort` finishes the send with the refusal). Passed: the cart id it is sent for.
   */
  private async passGates(url: string, abort: () => Promise<void>): Promise<Outcome | { cartId: string | null }> {
    const hooks = this.requireHooks();
    const forCart = needsCartId(url);
    if (forCart && hooks.cartReady && !(await hooks.cartReady())) return 'retry-later';
    if (forCart && !hooks.cartId()) {
      this.log(MISSING_CART_ID_LOG.replace('{url}', url));
      await hooks.recreateCart();
      return hooks.cartId() ? 'retry-later' : 'blocked';
    }
    const gate = this.tokens.gate(usesUserToken(url) && !!hooks.userToken());
    if (gate === 'abort') {
      await abort();
      return 'done';
    }
    if (gate === 'wait') return 'retry-later';
    return { cartId: hooks.cartId() };
  }

  /**
   * One send: a single task, or consecutive tasks of one kind in one request (`batch`, task-batch.ts): the gates, one
   * request, then every task finished with its own answer. Each task's attempts count before the send.
   */
  private async send(tasks: Task[], batch: TaskBatch | null): Promise<BatchOutcome> {
    const hooks = this.requireHooks();
    const first = tasks[0];
    const forCart = needsCartId(first.url);
    const gates = await this.passGates(first.url, () => this.answers.finish(tasks, batch, tokenRefused));
    if (typeof gates === 'string') return gates;
    const { cartId } = gates;
    let response: Envelope;
    let live: Task[];
    try {
      const prepared = await prepareSend(tasks, batch, this.preparers.get(first.kind));
      live = prepared.live;
      await this.answers.removeAll(prepared.dropped);
      if (!prepared.request) return 'done';
      // the cart changed while the request was being built (login, re-creation): build it again for the new cart
      if (forCart && hooks.cartId() !== cartId) return 'retry-later';
      const url = resolveTaskUrl(prepared.request.url, hooks.userToken(), hooks.cartId());
      await this.answers.patchAll(live, (t) => ({ attempts: t.attempts + 1 }));
      for (const t of live) t.attempts += 1;
      const body = bodyOf(first.method, prepared.request.payload);
      const headers = body === undefined ? undefined : { [PAYLOAD_VERSION_HEADER]: String(first.payload_version) };
      response = await this.options.transport({ method: first.method, url, body, headers });
      live.forEach((t, i) => (t.sent = prepared.payloads[i]));
    } catch (error) {
      if (error instanceof NetworkError) return 'unreachable';
      throw error;
    }
    if (response.code >= 500 && !this.finalServerErrors.has(first.kind)) return 'server-error';
    if (response.code === 401 && usesUserToken(first.url) && hooks.userToken()) {
      // refused even after a refresh: finished with the refusal of the token (spec 000 §4 "Token invalidation")
      const outcome = await this.tokens.taskRefused(() => this.answers.finish(live, batch, tokenRefused, true));
      if (outcome === 'send-again') return this.send(live, batch);
      return outcome === 'aborted' ? 'done' : 'retry-later';
    }
    if (response.code !== 401) this.tokens.accepted();
    const answers = answersOf(response, live, batch);
    if (!answers) return 'one-by-one';
    await this.answers.finish(live, batch, (_, i) => answers[i]);
    return 'done';
  }

  async clearUntransmitted(): Promise<void> {
    await removeAll(this.options.collection.find({ selector: { transmited: false } }));
  }

  /**
   * Send now without persisting (reads such as pull and totals), with the same token and cart id rules. A 401 for
   * the user's token goes to the refresh policy (spec 000 §4 "Token invalidation" holds for these calls too).
   */
  async execute(input: Omit<TaskInput, 'kind'>): Promise<Envelope> {
    const hooks = this.requireHooks();
    if (!this.online) throw new NetworkError('The device is offline', 'OFFLINE');
    const method = input.method ?? 'GET';
    const send = () =>
      this.options.transport({
        method,
        url: resolveTaskUrl(input.url, hooks.userToken(), hooks.cartId()),
        body: bodyOf(method, input.payload),
      });
    const token = hooks.userToken();
    const res = await send();
    if (res.code !== 401 || !token || !usesUserToken(input.url)) return res;
    return this.tokens.readRefused(token, res, send);
  }

  /** Resolves once nothing is left to send (or the deadline passes); tests and the bench use it. */
  async whenIdle(timeoutMs = 10_000): Promise<boolean> {
    const end = this.now() + timeoutMs;
    while (this.now() < end) {
      await this.process();
      const left = (await this.pending()).filter((task) => !this.retry.isSetAside(task));
      if (left.length === 0 && !this.draining) return true;
      await sleep(Math.min(this.retry.retryWait, 50));
    }
    return false;
  }

  stop(): void {
    this.stopped = true;
    this.inserts.unsubscribe();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private log(message: string): void {
    (this.options.log ?? console.error)(message);
  }

  private requireHooks(): QueueHooks {
    if (!this.hooks) throw new Error('TaskQueue used before bind()');
    return this.hooks;
  }
}

/** A GET task keeps its payload for its handler (e.g. the sync's options); it is never sent as a body. */
function bodyOf(method: string, payload: unknown): unknown {
  return method === 'GET' || method === 'HEAD' ? undefined : payload;
}
