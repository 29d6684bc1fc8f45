-- The catalogue's version: the id of the last transaction that wrote products (server/catalog/facet-count-cache.ts
-- keeps facet counts until it changes; docs/catalogue-and-search.md "Facets"). A table row rather than a sequence, so a
-- search sees the new version only once the write is committed; a transaction id rather than a counter, so the
-- version never repeats, not even after `npm run seed -- --reset` empties this table.
create table if not exists catalog_version (
  id boolean primary key default true check (id),
  n bigint not null
);
insert into catalog_version (n) values (txid_current()) on conflict (id) do nothing;

create or replace function bump_catalog_version() returns trigger language plpgsql as $$
begin
  insert into catalog_version (n) values (txid_current()) on conflict (id) do update set n = excluded.n;
  return null;
end $$;

drop trigger if exists products_catalog_version on products;
create trigger products_catalog_version after insert or update or delete or truncate on products
  for each statement execute function bump_catalog_version();
