import { FIRST_PAYLOAD_VERSION } from '../domain/payload-version.ts';
import { documentSchema, indexedString } from './document-schema.ts';
import { transmissionProperties, type Transmission } from './sync-tasks.ts';

/** An order placed on this device; `order_id` is client-generated so the server answers a repeat with the first result. */
export interface OrderDoc extends Transmission {
  order_id: string;
  payload: Record<string, unknown>;
  /** The version of `payload` (docs/api.md "Payload versions"), sent with it as the task's `x-payload-version`. */
  payload_version: number;
}

export const ordersSchema = documentSchema<OrderDoc>({
  title: 'orders',
  version: 1,
  primaryKey: 'order_id',
  properties: {
    order_id: indexedString(64),
    payload: { type: 'object' },
    ...transmissionProperties,
    payload_version: { type: 'integer', minimum: 0 },
  },
  required: ['order_id', 'payload', 'transmited', 'created_at', 'payload_version'],
  indexes: ['created_at'],
});

export const ordersMigrationStrategies = {
  /** Every order carries its body's version; an order placed before is of version 1. */
  1: (old: Omit<OrderDoc, 'payload_version'>): OrderDoc => ({ ...old, payload_version: FIRST_PAYLOAD_VERSION }),
};
