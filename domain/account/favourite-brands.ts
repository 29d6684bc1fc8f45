/**
 * The engagement contact's `favbrand` (spec 001 §3 "Contact state … favstore and favbrand"): one text field that
 * holds every favourite brand's name, separated by ", " (the seeded contact has one: 'Nordic Tailor').
 */
const SEPARATOR = ', ';

export function favbrandText(names: readonly string[]): string {
  return names.join(SEPARATOR);
}

export function favbrandNames(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
