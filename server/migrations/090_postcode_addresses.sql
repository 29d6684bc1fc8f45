-- Postcode lookup (spec 000 §9 "Postcode lookup is allowed for NL and BE"; docs/checkout-and-orders.md "Postcode
-- lookup"). NL: one row per postcode ("1234AB", no space) and house number range of one street, on one side
-- (`parity` odd or even) or both; a row for one exact number (house_from = house_to) wins over a wider one. BE has no
-- per-house lookup: one row per four-digit postcode with its gemeente, street and range null.
create table if not exists postcode_addresses (
  id serial primary key,
  country_id text not null check (country_id in ('NL', 'BE')),
  postcode text not null,
  street text,
  city text not null,
  house_from integer,
  house_to integer,
  parity text not null default 'all' check (parity in ('all', 'odd', 'even')),
  check ((street is null) = (house_from is null) and (house_from is null) = (house_to is null)),
  check (house_from is null or (house_from >= 1 and house_to >= house_from))
);
create index if not exists postcode_addresses_lookup on postcode_addresses (country_id, postcode);
