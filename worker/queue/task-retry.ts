import { needsCartId } from './task-url.ts';
import type { Notify, Task } from './types.ts';

/** Spec 000 §9 "Task retry wait 1000 ms": the first wait after a failed send; later waits double up to the cap. */
export const TASK_RETRY_WAIT_MS = 1000;
/** The longest wait between two sends after failures, as a multiple of the retry wait (30 s at the spec's 1000 ms). */
export const TASK_RETRY_CAP_FACTOR = 30;
/**
 * 5xx answers in a row after which a task is set aside for the rest of the session: it stays stored (nothing the
 * shopper did is lost; the next start tries it again) but no longer holds up the tasks queued behind it.
 */
export const TASK_SERVER_ERROR_LIMIT = 6;
export const TASK_SET_ASIDE_MESSAGE = 'A change could not be sent to the server yet. We will try again later.';

/**
 * Which tasks keep their order among themselves: the queue sends a lane's tasks in creation order and lets a 5xx hold
 * up only that lane. 'per-task' gives every task its own lane (orders: one order's failure never delays another).
 * By default the cart's tasks share the lane 'cart' and every other kind is a lane of its own.
 */
export type TaskLane = string | 'per-task';

export interface TaskRetryOptions {
  retryWaitMs?: number;
  notify: Notify;
  log: (message: string) => void;
  /** Told of a task set aside: `<kind>-set-aside`. */
  onRejected?: (reason: string) => void;
}

/**
 * The queue's lanes and its patience (worker/queue/task-queue.ts sends): which lane a task is in, how long to wait
 * after failed sends (exponential back-off, capped, with jitter), and which task has had so many 5xx answers in a row
 * that it is set aside for the session.
 */
export class TaskRetry {
  private lanes = new Map<string, TaskLane>();
  /** Failed sends in a row (no answer or 5xx): the exponent of the back-off. */
  private failures = 0;
  /** 5xx answers in a row per task, and the tasks set aside after too many (this session only). */
  private serverErrors = new Map<string, number>();
  private readonly setAside = new Set<string>();

  constructor(private readonly o: TaskRetryOptions) {}

  setLane(kind: string, lane: TaskLane): void {
    this.lanes.set(kind, lane);
  }

  get retryWait(): number {
    return this.o.retryWaitMs ?? TASK_RETRY_WAIT_MS;
  }

  /**
   * The wait before the next drain: the retry wait after something to wait for, and after failed sends an
   * exponential back-off with "equal jitter" (half fixed, half random), so that devices that lost the server together
   * do not all come back in the same second.
   */
  nextWait(): number {
    if (this.failures === 0) return this.retryWait;
    const ceiling = Math.min(this.retryWait * 2 ** (this.failures - 1), this.retryWait * TASK_RETRY_CAP_FACTOR);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  laneOf(task: Task): string {
    const lane = this.lanes.get(task.kind);
    if (lane === 'per-task') return `task:${task.task_id}`;
    return lane ?? (needsCartId(task.url) ? 'cart' : task.kind);
  }

  isSetAside(task: Task): boolean {
    return this.setAside.has(task.task_id);
  }

  /** The task was answered: the back-off starts over. */
  succeeded(task: Task): void {
    this.failures = 0;
    this.serverErrors.delete(task.task_id);
  }

  /** No answer: the network is down for every task. */
  unreachable(): void {
    this.failures += 1;
  }

  /** A 5xx for this task: counted, and set aside with a notice after TASK_SERVER_ERROR_LIMIT in a row. */
  serverError(task: Task): void {
    this.failures += 1;
    const count = (this.serverErrors.get(task.task_id) ?? 0) + 1;
    this.serverErrors.set(task.task_id, count);
    if (count < TASK_SERVER_ERROR_LIMIT) return;
    this.serverErrors.delete(task.task_id);
    this.setAside.add(task.task_id);
    this.o.log(`sync task ${task.kind} set aside after ${count} server errors in a row`);
    this.o.onRejected?.(`${task.kind}-set-aside`);
    if (!task.silent) this.o.notify({ type: 'warning', messageKey: TASK_SET_ASIDE_MESSAGE });
  }
}
