import { documentSchema, epochMs, orNull } from './document-schema.ts';

/** An order placed on this device; `order_id` is client-generated so the server answers a repeat with the first result. */
export interface OrderDoc {
  order_id: string;
  payload: Record<string, unknown>;
  transmited: boolean;
  result?: unknown;
  code?: number | null;
  created_at: number;
}

export const ordersSchema = documentSchema<OrderDoc>({
  title: 'orders',
  version: 0,
  primaryKey: 'order_id',
  properties: {
    order_id: { type: 'string', maxLength: 64 },
    payload: { type: 'object' },
    transmited: { type: 'boolean' },
    result: {},
    code: orNull('number'),
    created_at: epochMs,
  },
  required: ['order_id', 'payload', 'transmited', 'created_at'],
  indexes: ['created_at'],
});

export const ordersMigrationStrategies = {};
