import { formatDutchNumber } from '../../domain/dutch-number.ts';

/** "350 m", "1,2 km": a distance from a postcode's area (docs/checkout-and-orders.md "Delivery", "Store locator"). */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `${metres} m` : `${formatDutchNumber(metres / 1000, 0, 1)} km`;
}
