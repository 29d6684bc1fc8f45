/**
 * The longest value each name, address and phone field takes (spec 001 §5 "Maximum lengths of 10, 20, 30 or 40
 * letters"; which field has which length is the shop's choice, docs/checkout-and-orders.md "Field lengths"). Plain
 * numbers, no TypeBox: the server's schemas use them here, the app's forms through domain/validation.
 */
export const FIELD_MAX_LENGTHS = {
  firstname: 40,
  lastname: 40,
  /** The tussenvoegsel ("van der"), spec 001 §3 address label "middle name". */
  middlename: 20,
  company: 40,
  /** The btw-nummer of a business address (spec 001 §3 "tax id"): NL123456789B01 is 14, BE0123456789 12. */
  vatId: 20,
  /** Each street line: the street, and "house number addition". */
  street: 40,
  houseNumber: 10,
  addition: 10,
  postcode: 10,
  city: 30,
  telephone: 20,
} as const;
