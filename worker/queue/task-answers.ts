import type { RxCollection } from 'rxdb';
import { isPayloadTooOld } from '../../domain/payload-version.ts';
import type { SyncTaskDoc } from '../../schemas/index.ts';
import { removeDoc } from '../db/rx-helpers.ts';
import { serverMessage } from '../http/server-message.ts';
import type { TokenLock } from './token-lock.ts';
import type { Envelope, Notify, Task, TaskBatch, TaskHandler } from './types.ts';

/**
 * The notice of a task the server refused as made by a version of the shop too old for it (docs/api.md "Payload
 * versions"); the area's handler shows it with what the task was about (the cart line, the order).
 */
export const PAYLOAD_TOO_OLD_MESSAGE =
  'This was made with an older version of the shop and can no longer be sent. Please do it again.';

export interface TaskAnswersOptions {
  collection: RxCollection<SyncTaskDoc>;
  notify: Notify;
  lock: TokenLock;
  onRejected?: (reason: string) => void;
}

/**
 * How the queue settles answered tasks (task-queue.ts sends them): each task marked transmitted with its answer, its
 * kind's handler run, its row dropped. A task refused as too old is never dropped: its row stays, transmitted with
 * the refusal, so what the shopper did stays visible as failed (docs/sync-engine.md "Payload versions").
 */
export class TaskAnswers {
  readonly handlers = new Map<string, TaskHandler>();
  /** Kinds whose rows stay after the answer (spec 000 §4 "Cacheable results stay stored"). */
  readonly cacheable = new Set<string>();
  /** Tasks answered whose handler has not run yet (spec: "acknowledged false"). */
  readonly unacknowledged = new Set<string>();

  constructor(private readonly o: TaskAnswersOptions) {}

  /**
   * Marks the tasks of one send transmitted with result and code, runs each handler with its own answer in order (a
   * handler that throws does not keep the others from theirs), then drops the rows (a cacheable kind's and a task
   * refused as too old are kept). A batch's handlers hear whether more answers of the same request follow.
   */
  async finish(
    tasks: Task[],
    batch: TaskBatch | null,
    answerOf: (task: Task, index: number) => Envelope,
    silent?: boolean,
  ): Promise<void> {
    const answers = tasks.map(answerOf);
    const tooOld = new Set(tasks.filter((_, i) => isPayloadTooOld(answers[i])).map((t) => t.task_id));
    await this.patchAll(tasks, (task, i) => ({
      transmited: true,
      result: tooOld.has(task.task_id)
        ? { message: serverMessage(answers[i]), meta: answers[i].meta ?? null }
        : (answers[i].result ?? null),
      code: answers[i].code,
    }));
    for (const task of tasks) this.unacknowledged.add(task.task_id);
    let failure: unknown = null;
    try {
      for (const [i, task] of tasks.entries()) {
        const response = answers[i];
        const old = tooOld.has(task.task_id);
        try {
          if (response.code >= 400) this.o.onRejected?.(`${task.kind}-${old ? 'payload-too-old' : response.code}`);
          const message = old ? PAYLOAD_TOO_OLD_MESSAGE : response.code === 200 ? null : serverMessage(response);
          if (message && !(silent ?? task.silent) && !this.o.lock.held)
            this.o.notify({ type: 'danger', messageKey: message });
          const handler = this.handlers.get(task.kind);
          const answered = { ...task, transmited: true, result: response.result, code: response.code };
          if (handler && batch) await handler(answered, response, { more: i < tasks.length - 1 });
          else if (handler) await handler(answered, response);
        } catch (error) {
          failure ??= error;
        } finally {
          this.unacknowledged.delete(task.task_id);
        }
      }
    } finally {
      await this.removeAll(tasks.filter((t) => !this.cacheable.has(t.kind) && !tooOld.has(t.task_id)));
    }
    if (failure) throw failure;
  }

  /** Writes for many tasks at once: RxDB's write queue puts concurrent patches of one collection in one write. */
  async patchAll(tasks: Task[], patchOf: (task: Task, index: number) => Partial<SyncTaskDoc>): Promise<void> {
    if (tasks.length === 0) return;
    const docs = await this.o.collection.findByIds(tasks.map((t) => t.task_id)).exec();
    await Promise.all(
      tasks.map((task, i) => {
        const doc = docs.get(task.task_id);
        return doc ? doc.incrementalPatch(patchOf(task, i)) : undefined;
      }),
    );
  }

  async removeAll(tasks: Task[]): Promise<void> {
    if (tasks.length === 0) return;
    const docs = await this.o.collection.findByIds(tasks.map((t) => t.task_id)).exec();
    await Promise.all([...docs.values()].map((doc) => removeDoc(doc as never)));
  }
}
