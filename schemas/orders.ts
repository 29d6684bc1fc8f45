import type { RxJsonSchema } from 'rxdb';

/** An order placed on this device; `order_id` is client-generated so the server answers a repeat with the first result. */
export interface OrderDoc {
  order_id: string;
  payload: Record<string, unknown>;
  transmited: boolean;
  result?: unknown;
  code?: number | null;
  created_at: number;
}

export const ordersSchema: RxJsonSchema<OrderDoc> = {
  title: 'orders',
  version: 0,
  primaryKey: 'order_id',
  type: 'object',
  properties: {
    order_id: { type: 'string', maxLength: 64 },
    payload: { type: 'object' },
    transmited: { type: 'boolean' },
    result: {},
    code: { anyOf: [{ type: 'number' }, { type: 'null' }] },
    created_at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['order_id', 'payload', 'transmited', 'created_at'],
  indexes: ['created_at'],
};

export const ordersMigrationStrategies = {};
