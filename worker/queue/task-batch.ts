import type { Envelope, Task, TaskBatch, TaskPreparer } from './types.ts';

/**
 * How the queue puts tasks into one request (types.ts TaskBatch). A single task is a send of one, built by its kind's
 * preparer; consecutive tasks of a batchable kind are built by the kind's batch and answered each by its own part of
 * the batch's answer (task-queue.ts `send` runs both the same way).
 */

/**
 * The tasks to send together from `pending[start]`: it and the waiting tasks right behind it of the same batchable
 * kind, up to the kind's maximum. Only consecutive tasks, so nothing overtakes a task of another kind. `alone`: a task
 * that is set aside or must go by itself.
 */
export function batchFrom(
  pending: Task[],
  start: number,
  batch: TaskBatch | undefined,
  alone: (task: Task) => boolean,
): Task[] {
  const first = pending[start];
  if (!batch || alone(first)) return [first];
  const tasks = [first];
  for (let i = start + 1; i < pending.length && tasks.length < batch.max; i++) {
    const next = pending[i];
    if (next.kind !== first.kind || next.url !== first.url || next.method !== first.method) break;
    // one request names one payload version
    if (next.payload_version !== first.payload_version) break;
    if (alone(next)) break;
    tasks.push(next);
  }
  return tasks;
}

/** One send's request and its tasks: `dropped` ones the preparer found obsolete; no request when none is left. */
export interface PreparedSend {
  live: Task[];
  dropped: Task[];
  payloads: unknown[];
  request: { url: string; payload: unknown } | null;
}

/** Builds the request of a send: `batch` for tasks sent together, else the one task with its kind's preparer. */
export async function prepareSend(
  tasks: Task[],
  batch: TaskBatch | null,
  preparer: TaskPreparer | undefined,
): Promise<PreparedSend> {
  if (!batch) {
    const task = tasks[0];
    const prepared = preparer ? await preparer(task) : { url: task.url, payload: task.payload };
    if (prepared === null) return { live: [], dropped: [task], payloads: [], request: null };
    const request = { url: prepared.url ?? task.url, payload: prepared.payload };
    return { live: [task], dropped: [], payloads: [prepared.payload], request };
  }
  const prepared = await batch.prepare(tasks);
  const dropped = tasks.filter((_, i) => prepared[i] === null);
  const live = tasks.filter((_, i) => prepared[i] !== null);
  const payloads = prepared.filter((p) => p !== null).map((p) => p.payload);
  if (live.length === 0) return { live, dropped, payloads, request: null };
  const request = live.length === 1 ? { url: live[0].url, payload: payloads[0] } : batch.combine(payloads);
  return { live, dropped, payloads, request };
}

/** Each task's answer, in order; null when a batch's answer holds none per task (they then go one by one). */
export function answersOf(response: Envelope, live: Task[], batch: TaskBatch | null): Envelope[] | null {
  return live.length === 1 || !batch ? [response] : batch.split(response, live.length);
}
