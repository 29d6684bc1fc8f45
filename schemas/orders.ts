import { documentSchema, indexedString } from './document-schema.ts';
import { transmissionProperties, type Transmission } from './sync-tasks.ts';

/** An order placed on this device; `order_id` is client-generated so the server answers a repeat with the first result. */
export interface OrderDoc extends Transmission {
  order_id: string;
  payload: Record<string, unknown>;
}

export const ordersSchema = documentSchema<OrderDoc>({
  title: 'orders',
  version: 0,
  primaryKey: 'order_id',
  properties: {
    order_id: indexedString(64),
    payload: { type: 'object' },
    ...transmissionProperties,
  },
  required: ['order_id', 'payload', 'transmited', 'created_at'],
  indexes: ['created_at'],
});

export const ordersMigrationStrategies = {};
