import { documentSchema, epochMs, orNull } from './document-schema.ts';

/** Spec 000 §3 "Sync task" plus the queue's bookkeeping (created_at for order, attempts, silent, kind). */
export interface SyncTaskDoc {
  task_id: string;
  url: string;
  method: string;
  payload?: unknown;
  transmited: boolean;
  result?: unknown;
  code?: number | null;
  created_at: number;
  attempts: number;
  silent: boolean;
  /** What the task does, e.g. 'cart-update', 'user-me'; lets the sync engine route the answer. */
  kind: string;
}

export const syncTasksSchema = documentSchema<SyncTaskDoc>({
  title: 'sync_tasks',
  version: 0,
  primaryKey: 'task_id',
  properties: {
    task_id: { type: 'string', maxLength: 64 },
    url: { type: 'string' },
    method: { type: 'string' },
    payload: {},
    transmited: { type: 'boolean' },
    result: {},
    code: orNull('number'),
    created_at: epochMs,
    attempts: { type: 'number' },
    silent: { type: 'boolean' },
    kind: { type: 'string', maxLength: 64 },
  },
  required: ['task_id', 'url', 'method', 'transmited', 'created_at', 'attempts', 'silent', 'kind'],
  indexes: ['created_at'],
});

export const syncTasksMigrationStrategies = {};
