import { BUILT_IN_COUNTRIES, shippingCountries, type DirectoryCountry } from '../../domain/checkout/countries.ts';
import { shop } from './shop.ts';
import { useAsync } from './use-async.ts';

/**
 * The directory's countries (spec 001 §7, through the worker's cache: docs/checkout-and-orders.md "Countries"):
 * `all` for the address book, `shipping` for the checkout. Until the worker answers, the built-in shipping countries.
 */
export function useDirectoryCountries(): { all: DirectoryCountry[]; shipping: DirectoryCountry[]; loaded: boolean } {
  const { data } = useAsync('directory', () => shop().directory());
  const all = data?.countries ?? [...BUILT_IN_COUNTRIES];
  return { all, shipping: shippingCountries(all), loaded: data !== undefined };
}

/**
 * The countries as a select's options: [country_id, name] (the directory's names are Dutch already). A saved
 * address's country the list does not hold (yet) stays an option, so the uncontrolled select starts on it.
 */
export function countryOptions(countries: readonly DirectoryCountry[], current?: string): [string, string][] {
  const options = countries.map((c): [string, string] => [c.id, c.name]);
  return current && !countries.some((c) => c.id === current) ? [...options, [current, current]] : options;
}
