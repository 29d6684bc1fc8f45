const km = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });

/** "350 m", "1,2 km": a distance from a postcode's area (README "Delivery", "Store locator"). */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `${metres} m` : `${km.format(metres / 1000)} km`;
}
