import { Type, type Static } from 'typebox';

/** A rejection reason as the device names it: the task's kind and the answer's code (`order-409`), never a text. */
export const REJECTION_REASON_PATTERN = '^[a-z][a-z0-9-]{0,47}$';

/**
 * What a device tells the server about its outbox when it comes online and at start (`POST /api/device/outbox`):
 * counts and an age only, no personal data. `device` is a random id the device made for itself, so a later report
 * replaces its earlier one instead of adding to it.
 */
export const DeviceOutboxReport = Type.Object(
  {
    device: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
    /** Tasks not yet sent (orders included). */
    tasks: Type.Integer({ minimum: 0, maximum: 100_000 }),
    /** Orders placed on the device and not yet sent. */
    orders: Type.Integer({ minimum: 0, maximum: 10_000 }),
    /** Seconds the oldest waiting task has waited; 0 with nothing waiting. */
    oldest_age_s: Type.Integer({ minimum: 0, maximum: 10 * 365 * 86_400 }),
    /** Refusals since the last report that was answered. */
    rejections: Type.Array(
      Type.Object(
        {
          reason: Type.String({ pattern: REJECTION_REASON_PATTERN }),
          count: Type.Integer({ minimum: 1, maximum: 10_000 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50 },
    ),
    /** Guest carts merged into an account on this device since the last answered report. */
    carts_merged: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type DeviceOutboxReport = Static<typeof DeviceOutboxReport>;
