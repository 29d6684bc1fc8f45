import type { Envelope } from '../../contract/envelope.ts';
import type { ShopDatabase, SyncTaskDoc } from '../../schemas/index.ts';
import type { ShopNotification } from '../api-types.ts';
import type { TaskQueue } from './task-queue.ts';

/** The server's answer, as a transport hands it to the queue. */
export type { Envelope };

/**
 * One HTTP exchange. A transport throws only when no answer arrived (offline, dropped connection, timeout): the
 * NetworkError of worker/http/errors.ts, and the task stays queued to be tried again later.
 */
export type Transport = (request: {
  method: string;
  url: string;
  body?: unknown;
  /** A write names its payload's version here (`x-payload-version`, docs/api.md "Payload versions"). */
  headers?: Record<string, string>;
}) => Promise<Envelope>;

/** What a module asks the queue to send. `{{token}}` and `{{cartId}}` in the url are filled in at send time. */
export interface TaskInput {
  kind: string;
  url: string;
  method?: string;
  payload?: unknown;
  silent?: boolean;
  /** Keep the row after the answer (spec 000 §4 "Cacheable results stay stored"). */
  cacheable?: boolean;
  /** The payload's version when it is not the kind's current one (a waiting order made by an older version). */
  payloadVersion?: number;
}

/** A stored task; `sent` is the payload actually sent (after `prepare`), for the handler. */
export type Task = SyncTaskDoc & { sent?: unknown };

/**
 * Builds the request from the current local state just before sending (a queued task must not send a stale quantity);
 * null drops the task as obsolete. A NetworkError thrown here retries the task later.
 */
export type TaskPreparer = (task: Task) => Promise<{ url?: string; payload?: unknown } | null>;

/**
 * Answer routed back to the module that queued the task (by `kind`), after the queue's own rules ran. `batch.more`:
 * more answers of the same batched request follow (their tasks are no longer waiting).
 */
export type TaskHandler = (task: Task, response: Envelope, batch?: { more: boolean }) => Promise<void> | void;

/**
 * Consecutive waiting tasks of one kind sent as one request (docs/sync-engine.md "Queue drain speed"). Every task keeps
 * its own row, attempts and answer: the queue sends them together and hands each its own answer, so a task's handler
 * runs as if it had been sent alone. A batch of one is sent as the task itself.
 */
export interface TaskBatch {
  /** Most tasks in one request. */
  max: number;
  /** The TaskPreparer of many tasks at once: one entry per task, in order; null drops that task as obsolete. */
  prepare(tasks: Task[]): Promise<({ payload: unknown } | null)[]>;
  /** The one request carrying the prepared payloads, in the tasks' order. */
  combine(payloads: unknown[]): { url: string; payload: unknown };
  /**
   * Each task's answer in the batch's answer, in order; null when it holds none per task (the whole call was refused):
   * the tasks are then sent one by one, each answered as the single call answers.
   */
  split(response: Envelope, count: number): Envelope[] | null;
}

/** The context's notify: `messageKey` is the spec's English text, the app shows it in Dutch. */
export type Notify = (notification: Omit<ShopNotification, 'id'>) => unknown;

/** What a module that keeps its data in the shop database and sends its changes through the queue is built with. */
export interface QueuedModuleDeps {
  db: ShopDatabase;
  queue: TaskQueue;
  notify: Notify;
  now: () => number;
}
