import { FIRST_PAYLOAD_VERSION } from '../domain/payload-version.ts';
import { documentSchema, epochMs, indexedString, orNull } from './document-schema.ts';

/**
 * What the device keeps of a request it sends when it can, a sync task's or an offline order's (spec 000 §3 "Sync
 * task": transmited, result, code; §4 "Offline orders are sent automatically"): whether it went, the server's answer
 * and its status code, and when it was made, the order they go in.
 */
export interface Transmission {
  transmited: boolean;
  result?: unknown;
  code?: number | null;
  created_at: number;
}

export const transmissionProperties = {
  transmited: { type: 'boolean' },
  result: {},
  code: orNull('number'),
  created_at: epochMs,
} as const;

/** Spec 000 §3 "Sync task" plus the queue's bookkeeping (created_at for order, attempts, silent, kind). */
export interface SyncTaskDoc extends Transmission {
  task_id: string;
  url: string;
  method: string;
  payload?: unknown;
  attempts: number;
  silent: boolean;
  /** What the task does, e.g. 'cart-update', 'user-me'; lets the sync engine route the answer. */
  kind: string;
  /**
   * The version of `payload` the task was made with (docs/api.md "Payload versions"): the queue upgrades an older one
   * by its kind's rules (worker/queue/task-versions.ts) and names it to the server in `x-payload-version`.
   */
  payload_version: number;
}

export const syncTasksSchema = documentSchema<SyncTaskDoc>({
  title: 'sync_tasks',
  version: 1,
  primaryKey: 'task_id',
  properties: {
    task_id: indexedString(64),
    url: { type: 'string' },
    method: { type: 'string' },
    payload: {},
    ...transmissionProperties,
    attempts: { type: 'number' },
    silent: { type: 'boolean' },
    kind: { type: 'string', maxLength: 64 },
    payload_version: { type: 'integer', minimum: 0 },
  },
  required: ['task_id', 'url', 'method', 'transmited', 'created_at', 'attempts', 'silent', 'kind', 'payload_version'],
  indexes: ['created_at'],
});

export const syncTasksMigrationStrategies = {
  /** Every task carries its payload's version; a task queued before is of version 1. */
  1: (old: Omit<SyncTaskDoc, 'payload_version'>): SyncTaskDoc => ({ ...old, payload_version: FIRST_PAYLOAD_VERSION }),
};
