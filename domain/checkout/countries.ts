/** A country of the directory (GET directory/countries) as the forms use it: its name in the store's language. */
export interface DirectoryCountry {
  id: string;
  name: string;
  /** An active shipping method delivers there: the checkout offers only these, the address book every country. */
  shipping: boolean;
}

/**
 * The countries until the directory has answered 200 on this device (a first visit offline, or the moment before the
 * worker's answer): the shop's shipping countries, so the checkout can always be filled in
 * (docs/checkout-and-orders.md "Countries").
 */
export const BUILT_IN_COUNTRIES: readonly DirectoryCountry[] = [
  { id: 'NL', name: 'Nederland', shipping: true },
  { id: 'BE', name: 'België', shipping: true },
];

/** The countries the checkout offers: those a shipping method delivers to (the built-in ones when none says so). */
export function shippingCountries(countries: readonly DirectoryCountry[]): DirectoryCountry[] {
  const shipping = countries.filter((c) => c.shipping);
  return shipping.length ? shipping : [...BUILT_IN_COUNTRIES];
}

/** "Nederland", "Nederland en België", "Nederland, België en Luxemburg". */
export function dutchList(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} en ${names[names.length - 1]}`;
}
